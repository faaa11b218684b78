// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// ferry's MPI layer: the MPI calls that hand user memory to MPI, wrapped
// through MPI's profiling interface (each calls its PMPI_ twin), so that
// MPI sees current host bytes and a kernel sees what MPI received, moving
// exactly the bytes of each message (messages.h says how).
//
// Input: the buffer, count and datatype of each call.  A contiguous
// datatype names its bytes exactly; for any other the bytes between its
// first and last element stand for it (the gaps too), and a receive there
// copies back first instead of staging.
//
// Built as a static library that ferry-g++ links ahead of -lmpi, so that
// the program's references resolve here first.  Calls not wrapped here
// (one-sided, persistent and neighbourhood calls, file I/O) stay correct
// through page coherence, a page at a time (doc/mpi.md).
#include "mpi/messages.h"

#include <mpi.h>

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <vector>

namespace {

// The bytes that COUNT elements of TYPE at DATA cover.
struct Span {
  char *begin = nullptr;
  std::size_t bytes = 0;
  bool contiguous = false;
};

Span span_of(const void *data, long count, MPI_Datatype type) {
  if (!data || data == MPI_IN_PLACE || count <= 0)
    return {};
  int size = 0;
  MPI_Aint lb = 0, extent = 0, true_lb = 0, true_extent = 0;
  if (PMPI_Type_size(type, &size) != MPI_SUCCESS ||
      PMPI_Type_get_extent(type, &lb, &extent) != MPI_SUCCESS ||
      PMPI_Type_get_true_extent(type, &true_lb, &true_extent) != MPI_SUCCESS ||
      size <= 0 || true_extent <= 0 || extent < 0)
    return {};
  Span span;
  span.begin = static_cast<char *>(const_cast<void *>(data)) + true_lb;
  span.bytes = static_cast<std::size_t>((count - 1) * extent + true_extent);
  span.contiguous = size == true_extent && extent == true_extent;
  return span;
}

// The span of a v-collective's COUNTS and DISPLACEMENTS (in elements of
// TYPE) over the N processes of its communicator: not contiguous.
Span span_of(const void *data, const int counts[], const int displacements[],
             int n, MPI_Datatype type) {
  long end = 0;
  for (int k = 0; k < n; ++k)
    if (counts[k] > 0 && displacements[k] >= 0)
      end = std::max(end, static_cast<long>(displacements[k]) + counts[k]);
  Span span = span_of(data, end, type);
  span.contiguous = false;
  return span;
}

// The span of a point-to-point message to or from PEER: none for
// MPI_PROC_NULL, which moves nothing.
Span span_of(const void *data, int count, MPI_Datatype type, int peer) {
  return peer == MPI_PROC_NULL ? Span{} : span_of(data, count, type);
}

int size_of(MPI_Comm comm) {
  int size = 0;
  PMPI_Comm_size(comm, &size);
  return size;
}

int rank_in(MPI_Comm comm) {
  int rank = 0;
  PMPI_Comm_rank(comm, &rank);
  return rank;
}

// MPI is about to read SPAN.
void before_send(const Span &span) {
  if (span.bytes)
    __ferry_host_access(span.begin, span.bytes, FERRY_HOST_READS);
}

// MPI is about to write SPAN whole (a collective's result), or, READS, also
// read it (MPI_IN_PLACE).
void before_result(const Span &span, bool reads = false) {
  if (span.bytes)
    __ferry_host_access(span.begin, span.bytes,
                        span.contiguous && !reads ? FERRY_HOST_OVERWRITES
                                                  : FERRY_HOST_WRITES);
}

// Where a point-to-point send leaves from: in place, or a staging buffer
// that holds the current bytes while the device has newer ones (the gaps of
// a non-contiguous type's span too: the layout is the same).
struct Outgoing {
  Span span;
  const char *staged = nullptr;

  // The buffer argument for MPI, for the user's DATA.
  const void *source(const void *data) const {
    return staged ? staged - (span.begin - static_cast<const char *>(data))
                  : data;
  }
};

Outgoing prepare_send(const void *data, int count, MPI_Datatype type,
                      int dest) {
  Outgoing outgoing;
  outgoing.span = span_of(data, count, type, dest);
  if (!outgoing.span.bytes)
    return outgoing;
  const void *from =
      __ferry_send_begin(outgoing.span.begin, outgoing.span.bytes);
  if (from != outgoing.span.begin)
    outgoing.staged = static_cast<const char *>(from);
  return outgoing;
}

void finish_send(const Outgoing &outgoing) {
  if (outgoing.staged)
    __ferry_send_end(outgoing.span.begin, outgoing.staged);
}

// Where a point-to-point receive lands: in place, or in a staging buffer
// while the target is resident.
struct Landing {
  Span span;
  char *staged = nullptr;

  // The buffer argument for MPI, for the user's DATA.
  void *target(void *data) const {
    return staged ? staged - (span.begin - static_cast<char *>(data)) : data;
  }
};

Landing prepare_receive(void *data, int count, MPI_Datatype type, int source) {
  Landing landing;
  landing.span = span_of(data, count, type, source);
  if (!landing.span.bytes)
    return landing;
  if (!landing.span.contiguous) {
    __ferry_host_access(landing.span.begin, landing.span.bytes,
                        FERRY_HOST_WRITES);
    return landing;
  }
  void *where = __ferry_receive_begin(landing.span.begin, landing.span.bytes);
  if (where != landing.span.begin)
    landing.staged = static_cast<char *>(where);
  return landing;
}

// The receive completed (STATUS), or failed (nullptr).
void finish_receive(const Landing &landing, const MPI_Status *status) {
  if (!landing.staged)
    return;
  int received = 0;
  int cancelled = 0;
  if (status && PMPI_Test_cancelled(status, &cancelled) == MPI_SUCCESS &&
      !cancelled &&
      PMPI_Get_count(status, MPI_BYTE, &received) == MPI_SUCCESS &&
      received != MPI_UNDEFINED)
    received = std::min<long>(received, landing.span.bytes);
  else
    received = 0;
  __ferry_receive_end(landing.span.begin, landing.staged,
                      static_cast<unsigned long long>(received));
}

// The non-blocking calls in flight, by request: a send or a receive.
struct InFlight {
  unsigned long long token = 0;
  Outgoing outgoing;
  Landing landing;
};
std::mutex in_flight_mutex;
std::map<MPI_Request, InFlight> in_flight;

void track(MPI_Request request, const Outgoing &outgoing,
           const Landing &landing, const char *call) {
  const bool receives = landing.span.bytes != 0;
  const Span &span = receives ? landing.span : outgoing.span;
  if (request == MPI_REQUEST_NULL || !span.bytes)
    return;
  InFlight message;
  message.token =
      __ferry_message_begin(span.begin, span.bytes, receives ? 1 : 0, call);
  message.outgoing = outgoing;
  message.landing = landing;
  std::lock_guard<std::mutex> lock(in_flight_mutex);
  in_flight[request] = message;
}

bool tracking() {
  std::lock_guard<std::mutex> lock(in_flight_mutex);
  return !in_flight.empty();
}

// Removes REQUEST's message from those in flight; a default InFlight
// (token 0, nothing staged) when it is not there.
InFlight take_in_flight(MPI_Request request) {
  std::lock_guard<std::mutex> lock(in_flight_mutex);
  const auto found = in_flight.find(request);
  if (found == in_flight.end())
    return {};
  InFlight message = found->second;
  in_flight.erase(found);
  return message;
}

// ORIGINAL, a request before a completion call, is NOW after it: a
// completed non-persistent request is MPI_REQUEST_NULL.
void settle(MPI_Request original, MPI_Request now, const MPI_Status *status) {
  if (original == MPI_REQUEST_NULL || now != MPI_REQUEST_NULL)
    return;
  const InFlight message = take_in_flight(original);
  __ferry_message_done(message.token);
  finish_send(message.outgoing);
  finish_receive(message.landing, status);
}

// A completion call over an array of COUNT requests: their handles before
// it, and statuses where the user ignores them (ferry needs the received
// sizes).
struct Completion {
  std::vector<MPI_Request> original;
  std::vector<MPI_Status> own;
  MPI_Status *statuses;

  Completion(int count, const MPI_Request requests[], MPI_Status given[])
      : original(requests, requests + count),
        own(given == MPI_STATUSES_IGNORE ? static_cast<std::size_t>(count) : 0),
        statuses(given == MPI_STATUSES_IGNORE ? own.data() : given) {}

  // Request K, now REQUESTS[K], has the status at STATUS_INDEX.
  void settle(const MPI_Request requests[], int k, int status_index) const {
    ::settle(original[k], requests[k], &statuses[status_index]);
  }
};

// A point-to-point send through SEND(buffer MPI is to read), from staging
// where the device holds newer bytes.  A non-blocking one (REQUEST) is in
// flight until its request completes.
template <class Send>
int send_staged(const void *buf, int count, MPI_Datatype type, int dest,
                Send send, MPI_Request *request = nullptr,
                const char *call = nullptr) {
  const Outgoing outgoing = prepare_send(buf, count, type, dest);
  const int result = send(outgoing.source(buf));
  if (request && result == MPI_SUCCESS)
    track(*request, outgoing, {}, call);
  else
    finish_send(outgoing);
  return result;
}

} // namespace

extern "C" {

// Referenced by the code the plugin generates around the calls below, so
// that a program which relies on this layer does not link without it.
__attribute__((visibility("default"))) void __ferry_mpi_layer_linked() {}

int MPI_Send(const void *buf, int count, MPI_Datatype type, int dest, int tag,
             MPI_Comm comm) {
  return send_staged(buf, count, type, dest, [&](const void *from) {
    return PMPI_Send(from, count, type, dest, tag, comm);
  });
}

int MPI_Ssend(const void *buf, int count, MPI_Datatype type, int dest, int tag,
              MPI_Comm comm) {
  return send_staged(buf, count, type, dest, [&](const void *from) {
    return PMPI_Ssend(from, count, type, dest, tag, comm);
  });
}

int MPI_Bsend(const void *buf, int count, MPI_Datatype type, int dest, int tag,
              MPI_Comm comm) {
  return send_staged(buf, count, type, dest, [&](const void *from) {
    return PMPI_Bsend(from, count, type, dest, tag, comm);
  });
}

int MPI_Rsend(const void *buf, int count, MPI_Datatype type, int dest, int tag,
              MPI_Comm comm) {
  return send_staged(buf, count, type, dest, [&](const void *from) {
    return PMPI_Rsend(from, count, type, dest, tag, comm);
  });
}

int MPI_Recv(void *buf, int count, MPI_Datatype type, int source, int tag,
             MPI_Comm comm, MPI_Status *status) {
  const Landing landing = prepare_receive(buf, count, type, source);
  MPI_Status own;
  MPI_Status *use = status == MPI_STATUS_IGNORE ? &own : status;
  const int result =
      PMPI_Recv(landing.target(buf), count, type, source, tag, comm, use);
  finish_receive(landing, result == MPI_SUCCESS ? use : nullptr);
  return result;
}

int MPI_Sendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                 int dest, int sendtag, void *recvbuf, int recvcount,
                 MPI_Datatype recvtype, int source, int recvtag, MPI_Comm comm,
                 MPI_Status *status) {
  const Outgoing outgoing = prepare_send(sendbuf, sendcount, sendtype, dest);
  const Landing landing = prepare_receive(recvbuf, recvcount, recvtype, source);
  MPI_Status own;
  MPI_Status *use = status == MPI_STATUS_IGNORE ? &own : status;
  const int result = PMPI_Sendrecv(
      outgoing.source(sendbuf), sendcount, sendtype, dest, sendtag,
      landing.target(recvbuf), recvcount, recvtype, source, recvtag, comm, use);
  finish_send(outgoing);
  finish_receive(landing, result == MPI_SUCCESS ? use : nullptr);
  return result;
}

int MPI_Sendrecv_replace(void *buf, int count, MPI_Datatype type, int dest,
                         int sendtag, int source, int recvtag, MPI_Comm comm,
                         MPI_Status *status) {
  before_result(span_of(buf, count, type), true);
  return PMPI_Sendrecv_replace(buf, count, type, dest, sendtag, source, recvtag,
                               comm, status);
}

int MPI_Isend(const void *buf, int count, MPI_Datatype type, int dest, int tag,
              MPI_Comm comm, MPI_Request *request) {
  return send_staged(
      buf, count, type, dest,
      [&](const void *from) {
        return PMPI_Isend(from, count, type, dest, tag, comm, request);
      },
      request, "MPI_Isend");
}

int MPI_Issend(const void *buf, int count, MPI_Datatype type, int dest, int tag,
               MPI_Comm comm, MPI_Request *request) {
  return send_staged(
      buf, count, type, dest,
      [&](const void *from) {
        return PMPI_Issend(from, count, type, dest, tag, comm, request);
      },
      request, "MPI_Issend");
}

int MPI_Irecv(void *buf, int count, MPI_Datatype type, int source, int tag,
              MPI_Comm comm, MPI_Request *request) {
  const Landing landing = prepare_receive(buf, count, type, source);
  const int result =
      PMPI_Irecv(landing.target(buf), count, type, source, tag, comm, request);
  if (result == MPI_SUCCESS)
    track(*request, {}, landing, "MPI_Irecv");
  else
    finish_receive(landing, nullptr);
  return result;
}

int MPI_Wait(MPI_Request *request, MPI_Status *status) {
  const MPI_Request original = *request;
  MPI_Status own;
  MPI_Status *use = status == MPI_STATUS_IGNORE ? &own : status;
  const int result = PMPI_Wait(request, use);
  if (result == MPI_SUCCESS)
    settle(original, *request, use);
  return result;
}

int MPI_Test(MPI_Request *request, int *flag, MPI_Status *status) {
  const MPI_Request original = *request;
  MPI_Status own;
  MPI_Status *use = status == MPI_STATUS_IGNORE ? &own : status;
  const int result = PMPI_Test(request, flag, use);
  if (result == MPI_SUCCESS && *flag)
    settle(original, *request, use);
  return result;
}

int MPI_Waitall(int count, MPI_Request requests[], MPI_Status statuses[]) {
  if (!tracking())
    return PMPI_Waitall(count, requests, statuses);
  const Completion completion(count, requests, statuses);
  const int result = PMPI_Waitall(count, requests, completion.statuses);
  if (result == MPI_SUCCESS)
    for (int k = 0; k < count; ++k)
      completion.settle(requests, k, k);
  return result;
}

int MPI_Testall(int count, MPI_Request requests[], int *flag,
                MPI_Status statuses[]) {
  if (!tracking())
    return PMPI_Testall(count, requests, flag, statuses);
  const Completion completion(count, requests, statuses);
  const int result = PMPI_Testall(count, requests, flag, completion.statuses);
  if (result == MPI_SUCCESS && *flag)
    for (int k = 0; k < count; ++k)
      completion.settle(requests, k, k);
  return result;
}

int MPI_Waitany(int count, MPI_Request requests[], int *index,
                MPI_Status *status) {
  if (!tracking())
    return PMPI_Waitany(count, requests, index, status);
  const std::vector<MPI_Request> original(requests, requests + count);
  MPI_Status own;
  MPI_Status *use = status == MPI_STATUS_IGNORE ? &own : status;
  const int result = PMPI_Waitany(count, requests, index, use);
  if (result == MPI_SUCCESS && *index != MPI_UNDEFINED)
    settle(original[*index], requests[*index], use);
  return result;
}

int MPI_Testany(int count, MPI_Request requests[], int *index, int *flag,
                MPI_Status *status) {
  if (!tracking())
    return PMPI_Testany(count, requests, index, flag, status);
  const std::vector<MPI_Request> original(requests, requests + count);
  MPI_Status own;
  MPI_Status *use = status == MPI_STATUS_IGNORE ? &own : status;
  const int result = PMPI_Testany(count, requests, index, flag, use);
  if (result == MPI_SUCCESS && *flag && *index != MPI_UNDEFINED)
    settle(original[*index], requests[*index], use);
  return result;
}

int MPI_Waitsome(int count, MPI_Request requests[], int *done, int indices[],
                 MPI_Status statuses[]) {
  if (!tracking())
    return PMPI_Waitsome(count, requests, done, indices, statuses);
  const Completion completion(count, requests, statuses);
  const int result =
      PMPI_Waitsome(count, requests, done, indices, completion.statuses);
  if (result == MPI_SUCCESS && *done != MPI_UNDEFINED)
    for (int k = 0; k < *done; ++k)
      completion.settle(requests, indices[k], k);
  return result;
}

int MPI_Testsome(int count, MPI_Request requests[], int *done, int indices[],
                 MPI_Status statuses[]) {
  if (!tracking())
    return PMPI_Testsome(count, requests, done, indices, statuses);
  const Completion completion(count, requests, statuses);
  const int result =
      PMPI_Testsome(count, requests, done, indices, completion.statuses);
  if (result == MPI_SUCCESS && *done != MPI_UNDEFINED)
    for (int k = 0; k < *done; ++k)
      completion.settle(requests, indices[k], k);
  return result;
}

int MPI_Bcast(void *buf, int count, MPI_Datatype type, int root,
              MPI_Comm comm) {
  const Span span = span_of(buf, count, type);
  if (rank_in(comm) == root)
    before_send(span);
  else
    before_result(span);
  return PMPI_Bcast(buf, count, type, root, comm);
}

int MPI_Reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype type,
               MPI_Op op, int root, MPI_Comm comm) {
  const bool in_place = sendbuf == MPI_IN_PLACE;
  before_send(span_of(sendbuf, count, type));
  if (rank_in(comm) == root)
    before_result(span_of(recvbuf, count, type), in_place);
  return PMPI_Reduce(sendbuf, recvbuf, count, type, op, root, comm);
}

int MPI_Allreduce(const void *sendbuf, void *recvbuf, int count,
                  MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
  before_send(span_of(sendbuf, count, type));
  before_result(span_of(recvbuf, count, type), sendbuf == MPI_IN_PLACE);
  return PMPI_Allreduce(sendbuf, recvbuf, count, type, op, comm);
}

int MPI_Gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
               void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
               MPI_Comm comm) {
  before_send(span_of(sendbuf, sendcount, sendtype));
  if (rank_in(comm) == root)
    before_result(span_of(recvbuf, long(recvcount) * size_of(comm), recvtype),
                  sendbuf == MPI_IN_PLACE);
  return PMPI_Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype,
                     root, comm);
}

int MPI_Gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                void *recvbuf, const int recvcounts[], const int displs[],
                MPI_Datatype recvtype, int root, MPI_Comm comm) {
  before_send(span_of(sendbuf, sendcount, sendtype));
  if (rank_in(comm) == root)
    before_result(
        span_of(recvbuf, recvcounts, displs, size_of(comm), recvtype));
  return PMPI_Gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
                      recvtype, root, comm);
}

int MPI_Allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                  void *recvbuf, int recvcount, MPI_Datatype recvtype,
                  MPI_Comm comm) {
  before_send(span_of(sendbuf, sendcount, sendtype));
  before_result(span_of(recvbuf, long(recvcount) * size_of(comm), recvtype),
                sendbuf == MPI_IN_PLACE);
  return PMPI_Allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount,
                        recvtype, comm);
}

int MPI_Allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                   void *recvbuf, const int recvcounts[], const int displs[],
                   MPI_Datatype recvtype, MPI_Comm comm) {
  before_send(span_of(sendbuf, sendcount, sendtype));
  before_result(span_of(recvbuf, recvcounts, displs, size_of(comm), recvtype));
  return PMPI_Allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts,
                         displs, recvtype, comm);
}

int MPI_Scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                void *recvbuf, int recvcount, MPI_Datatype recvtype, int root,
                MPI_Comm comm) {
  if (rank_in(comm) == root)
    before_send(span_of(sendbuf, long(sendcount) * size_of(comm), sendtype));
  before_result(span_of(recvbuf, recvcount, recvtype));
  return PMPI_Scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount,
                      recvtype, root, comm);
}

int MPI_Scatterv(const void *sendbuf, const int sendcounts[],
                 const int displs[], MPI_Datatype sendtype, void *recvbuf,
                 int recvcount, MPI_Datatype recvtype, int root,
                 MPI_Comm comm) {
  if (rank_in(comm) == root)
    before_send(span_of(sendbuf, sendcounts, displs, size_of(comm), sendtype));
  before_result(span_of(recvbuf, recvcount, recvtype));
  return PMPI_Scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf,
                       recvcount, recvtype, root, comm);
}

int MPI_Alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype,
                 void *recvbuf, int recvcount, MPI_Datatype recvtype,
                 MPI_Comm comm) {
  before_send(span_of(sendbuf, long(sendcount) * size_of(comm), sendtype));
  before_result(span_of(recvbuf, long(recvcount) * size_of(comm), recvtype),
                sendbuf == MPI_IN_PLACE);
  return PMPI_Alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount,
                       recvtype, comm);
}

int MPI_Request_free(MPI_Request *request) {
  const InFlight message = take_in_flight(*request);
  if (message.landing.staged || message.outgoing.staged) {
    // MPI uses the staging buffer until a time nothing reports.
    std::fprintf(stderr,
                 "ferry: MPI_Request_free of a non-blocking message on "
                 "memory that is resident on the device: ferry stages it "
                 "until the request completes, which nothing reports after "
                 "MPI_Request_free; complete it with MPI_Wait or MPI_Test\n");
    PMPI_Abort(MPI_COMM_WORLD, EXIT_FAILURE);
  }
  __ferry_message_done(message.token);
  return PMPI_Request_free(request);
}

} // extern "C"
