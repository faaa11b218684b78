// See frames.h.
#include "frames.h"

#include "abi.h"
#include "transfers.h"

#include <pthread.h>

#include <algorithm>
#include <vector>

namespace ferry::rt::frames {

namespace {

struct Frame {
  bool is_scope = false;
  std::vector<Range> buffers; // distinct host ranges launched in it
};

struct ThreadState {
  std::vector<Frame> frames;
  bool armed = false;
  Range stack; // this thread's stack
};

ThreadState &thread_state() {
  thread_local ThreadState state = [] {
    ThreadState fresh;
    pthread_attr_t attributes;
    void *low = nullptr;
    std::size_t size = 0;
    if (pthread_getattr_np(pthread_self(), &attributes) == 0) {
      pthread_attr_getstack(&attributes, &low, &size);
      pthread_attr_destroy(&attributes);
    }
    fresh.stack = range_of(low, size);
    return fresh;
  }();
  return state;
}

void add_once(std::vector<Range> &buffers, Range buffer) {
  if (std::find(buffers.begin(), buffers.end(), buffer) == buffers.end())
    buffers.push_back(buffer);
}

// Hands the buffers of the frame being left to the innermost scope around
// it, or settles them if there is none.
void hand_over(std::vector<Frame> &frames, Frame &&left) {
  for (auto it = frames.rbegin(); it != frames.rend(); ++it)
    if (it->is_scope) {
      for (const Range &buffer : left.buffers)
        add_once(it->buffers, buffer);
      return;
    }
  for (const Range &buffer : left.buffers)
    settle(buffer);
}

void pop(bool is_scope) {
  std::vector<Frame> &frames = thread_state().frames;
  // A frame left without its scope (or the reverse) means a longjmp or a
  // thread exit skipped one: settle everything down to it.
  while (!frames.empty()) {
    Frame top = std::move(frames.back());
    frames.pop_back();
    const bool found = top.is_scope == is_scope;
    hand_over(frames, std::move(top));
    if (found)
      return;
  }
}

} // namespace

void enter() { thread_state().frames.emplace_back(); }
void leave() { pop(false); }

void enter_scope() {
  thread_state().frames.push_back(Frame{true, {}});
}
void leave_scope() { pop(true); }

void arm() { thread_state().armed = true; }

bool take_armed() {
  ThreadState &state = thread_state();
  const bool armed = state.armed;
  state.armed = false;
  return armed;
}

void record(Range buffer) {
  std::vector<Frame> &frames = thread_state().frames;
  if (frames.empty())
    settle(buffer);
  else
    add_once(frames.back().buffers, buffer);
}

void settle(Range buffer) {
  void *host = reinterpret_cast<void *>(buffer.begin);
  if (thread_state().stack.contains(buffer))
    transfers().release_range(host, buffer.size());
  else
    transfers().host_wrote(host, buffer.size());
}

void access_all(int access) {
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
        transfers().sync_to_host(host, buffer.size());
      else
        transfers().host_wrote(host, buffer.size());
    }
  }
}

} // namespace ferry::rt::frames
