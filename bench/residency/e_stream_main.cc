// (e) The time loop of the Stream-style port, the same for every version:
// it sees only the interface (e_stream.hpp).
#include "e_stream.hpp"
#include "residency.hpp"

int main()
{
    const residency::Size s = residency::size();
    warm_up_stream();
    std::unique_ptr<Stream> stream = make_stream(s.n);
    residency::Timer timer;
    for (int step = 0; step < s.steps; ++step) {
        stream->copy();
        stream->scale();
        stream->add();
        stream->triad();
    }
    const double sum = stream->checksum();
    residency::report("e_stream", stream_version(), s, timer.seconds(), sum);
}
