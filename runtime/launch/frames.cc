// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// See frames.h.
#include "launch/frames.h"

#include "pages/stacks.h"

#include "core/lasting.h"

#include "abi.h"
#include "pages/page_guard.h"
#include "residency/transfers.h"

#include <algorithm>
#include <vector>

namespace ferry::rt::frames {

namespace {

struct Frame {
  bool is_scope = false;
  bool armed = false;               // the caller answers for its params
  std::vector<const void *> params; // launcher parameters
  std::vector<Range> buffers;       // distinct host ranges launched in it
};

struct ThreadState {
  std::vector<Frame> frames;
  // Frames left, emptied, with their lists' room: a time loop enters and
  // leaves the same few every step, and should not allocate each time.
  std::vector<Frame> spare;
  bool armed = false;
  CallSite call_site; // of the armed call
};

// Lasting (lasting.h): host code after main may still call kernels.
thread_local ThreadLasting<ThreadState> thread_lasting;
// Its address, a plain thread_local: reaching thread_lasting itself calls
// the TLS initialiser each time (for its destructor), eight times a launch.
thread_local ThreadState *thread_state_address = nullptr;

__attribute__((noinline)) ThreadState &first_thread_state() {
  ThreadState &state = thread_lasting.value;
  thread_state_address = &state;
  return state;
}

inline ThreadState &thread_state() {
  ThreadState *const state = thread_state_address;
  return __builtin_expect(state != nullptr, 1) ? *state : first_thread_state();
}

void add_once(std::vector<Range> &buffers, Range buffer) {
  if (std::find(buffers.begin(), buffers.end(), buffer) == buffers.end())
    buffers.push_back(buffer);
}

bool holds_param(const Frame &frame, Range buffer) {
  return std::any_of(
      frame.params.begin(), frame.params.end(), [&](const void *pointer) {
        return buffer.contains(range_of(pointer, 1)) ||
               buffer.begin == reinterpret_cast<std::uintptr_t>(pointer);
      });
}

// Hands the buffers of the frame being left to the caller's frame (the
// parameters of an armed frame), to the innermost scope around it, or
// settles them.
void hand_over(std::vector<Frame> &frames, const Frame &left,
               HostAccess &policy) {
  auto scope = std::find_if(frames.rbegin(), frames.rend(),
                            [](const Frame &frame) { return frame.is_scope; });
  for (const Range &buffer : left.buffers) {
    if (left.armed && !frames.empty() && holds_param(left, buffer))
      add_once(frames.back().buffers, buffer);
    else if (scope != frames.rend())
      add_once(scope->buffers, buffer);
    else
      settle(buffer, policy);
  }
}

constexpr std::size_t kSpareFrames = 16;

// A new frame, from the spares where one is left.
Frame fresh_frame(ThreadState &state) {
  if (state.spare.empty())
    return Frame{};
  Frame frame = std::move(state.spare.back());
  state.spare.pop_back();
  return frame;
}

void pop(bool is_scope, HostAccess &policy) {
  ThreadState &state = thread_state();
  std::vector<Frame> &frames = state.frames;
  // A frame left without its scope (or the reverse) means a longjmp or a
  // thread exit skipped one: settle everything down to it.
  while (!frames.empty()) {
    Frame top = std::move(frames.back());
    frames.pop_back();
    const bool found = top.is_scope == is_scope;
    hand_over(frames, top, policy);
    if (state.spare.size() < kSpareFrames) {
      top.params.clear();
      top.buffers.clear();
      top.is_scope = top.armed = false;
      state.spare.push_back(std::move(top));
    }
    if (found)
      return;
  }
}

} // namespace

void enter() {
  ThreadState &state = thread_state();
  Frame frame = fresh_frame(state);
  frame.armed = take_armed();
  state.frames.push_back(std::move(frame));
}

void leave(HostAccess &policy) { pop(false, policy); }

void param(const void *pointer) {
  std::vector<Frame> &frames = thread_state().frames;
  if (!frames.empty() && pointer)
    frames.back().params.push_back(pointer);
}

void enter_scope() {
  ThreadState &state = thread_state();
  Frame scope = fresh_frame(state);
  scope.is_scope = true;
  state.frames.push_back(std::move(scope));
}

void leave_scope(HostAccess &policy) { pop(true, policy); }

bool in_scope() {
  const std::vector<Frame> &frames = thread_state().frames;
  return std::any_of(frames.begin(), frames.end(),
                     [](const Frame &frame) { return frame.is_scope; });
}

void arm(CallSite site) {
  ThreadState &state = thread_state();
  state.armed = true;
  state.call_site = site;
}

bool take_armed(CallSite *site) {
  ThreadState &state = thread_state();
  const bool armed = state.armed;
  if (site)
    *site = armed ? state.call_site : CallSite{};
  state.armed = false;
  return armed;
}

void record(Range buffer, HostAccess &policy) {
  std::vector<Frame> &frames = thread_state().frames;
  if (frames.empty())
    settle(buffer, policy);
  else
    add_once(frames.back().buffers, buffer);
}

void settle(Range buffer, HostAccess &policy) {
  void *host = reinterpret_cast<void *>(buffer.begin);
  // A coroutine may leave a frame that another stack's launch recorded in;
  // an OpenMP thread, launches on an array of the main thread's stack,
  // whose function may return while the pages stay guarded, under frames
  // that later calls push there (the exit handlers: a SIGSEGV).
  if (stacks::thread_stack().contains(buffer) ||
      stacks::current_stack().contains(buffer) ||
      stacks::main_stack().contains(buffer))
    policy.release_range(host, buffer.size());
  else if (!page_guard::resolving()) // else the pages answer for the caller
    policy.host_wrote(host, buffer.size());
}

void access_all(int access, HostAccess &policy) {
  std::vector<Frame> &frames = thread_state().frames;
  // The innermost frame, and the scopes, which hold what earlier calls of
  // this function launched.  Buffers of the frames of callers in between
  // are the callers' business: they synced what this call may see.
  for (std::size_t i = 0; i < frames.size(); ++i) {
    if (!frames[i].is_scope && i + 1 != frames.size())
      continue;
    for (const Range &buffer : frames[i].buffers) {
      const void *host = reinterpret_cast<const void *>(buffer.begin);
      if (access == FERRY_HOST_READS)
        policy.sync_to_host(host, buffer.size());
      else
        policy.host_wrote(host, buffer.size());
    }
  }
}

} // namespace ferry::rt::frames
