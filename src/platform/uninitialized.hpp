#pragma once
// An allocator whose resize leaves doubles uninitialised: for large buffers that are filled at
// once on the thread team, where a zero fill first would be a serial pass over every page (on
// pairs at 50,000 rows, 174 MB) and the threads' writes would no longer be the pages' first touch.
#include <memory>
#include <utility>
#include <vector>

namespace orca::platform {

template <class T>
struct DefaultInit : std::allocator<T> {
    template <class U>
    struct rebind {
        using other = DefaultInit<U>;
    };
    DefaultInit() = default;
    template <class U>
    explicit DefaultInit(const DefaultInit<U>&) noexcept {}
    template <class U>
    void construct(U* p) noexcept {
        ::new (static_cast<void*>(p)) U;  // default-initialised: no value written
    }
    template <class U, class... Args>
    void construct(U* p, Args&&... args) {
        std::allocator_traits<std::allocator<T>>::construct(static_cast<std::allocator<T>&>(*this), p,
                                                            std::forward<Args>(args)...);
    }
};

template <class T>
using UninitializedVector = std::vector<T, DefaultInit<T>>;

}  // namespace orca::platform
