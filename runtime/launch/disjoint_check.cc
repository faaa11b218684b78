// SPDX-License-Identifier: GPL-3.0-or-later WITH GCC-exception-3.1
// See disjoint_check.h.
#include "launch/disjoint_check.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <numeric>

namespace ferry::rt {

namespace {

using Wide = __int128;

// One variable that moves a form: its step and its range.
struct Step {
  long long coefficient, lower, count;
};

// A form over the variables that move it, with the bytes it spans.
struct Image {
  const AccessForm *form;
  std::vector<Step> steps;
  Wide first = 0; // lowest byte touched
  Wide end = 0;   // one past the highest
  Wide points = 1;
  Wide corner = 0; // the address at every variable's lower value
};

bool fits(Wide value) {
  return value >= static_cast<Wide>(INT64_MIN) &&
         value <= static_cast<Wide>(INT64_MAX);
}

// False when a variable that moves the form has an empty range: the form
// is never reached.
bool image_of(const AccessForm &form,
              const std::vector<LoopVariable> &variables, Image *image) {
  image->form = &form;
  Wide first = form.constant, last = form.constant, corner = form.constant;
  for (std::size_t v = 0; v < variables.size(); ++v) {
    const long long c = v < form.coefficients.size() ? form.coefficients[v] : 0;
    if (c == 0)
      continue;
    const LoopVariable &var = variables[v];
    if (var.bound <= var.lower)
      return false;
    const Wide count = static_cast<Wide>(var.bound) - var.lower;
    const Wide at_lower = static_cast<Wide>(c) * var.lower;
    const Wide at_last = static_cast<Wide>(c) * (var.bound - 1);
    first += std::min(at_lower, at_last);
    last += std::max(at_lower, at_last);
    corner += at_lower;
    image->points *= count;
    image->steps.push_back({c, var.lower, static_cast<long long>(count)});
  }
  image->first = first;
  image->end = last + form.size;
  image->corner = corner;
  return true;
}

// Distinct points at least SIZE bytes apart: ordered by step, each step
// clears everything the smaller ones reach (a mixed radix).
bool provably_injective(const Image &image) {
  std::vector<Step> steps = image.steps;
  std::sort(steps.begin(), steps.end(), [](const Step &a, const Step &b) {
    return std::llabs(a.coefficient) < std::llabs(b.coefficient);
  });
  Wide reached = image.form->size;
  for (const Step &step : steps) {
    if (step.count <= 1)
      continue;
    if (std::llabs(step.coefficient) < reached)
      return false;
    reached +=
        static_cast<Wide>(std::llabs(step.coefficient)) * (step.count - 1);
  }
  return true;
}

bool apart(const Image &a, const Image &b) {
  return a.end <= b.first || b.end <= a.first;
}

bool same_form(const AccessForm &a, const AccessForm &b) {
  return a.constant == b.constant && a.size == b.size &&
         a.coefficients == b.coefficients;
}

// Calls VISIT(address) for every point of IMAGE; stops when it returns true.
template <typename Visit> bool any_point(const Image &image, Visit visit) {
  std::vector<long long> at(image.steps.size(), 0);
  Wide address = image.corner;
  for (;;) {
    if (visit(static_cast<long long>(address)))
      return true;
    std::size_t s = 0;
    for (; s < at.size(); ++s) {
      address += image.steps[s].coefficient;
      if (++at[s] < image.steps[s].count)
        break;
      address -= static_cast<Wide>(image.steps[s].coefficient) * at[s];
      at[s] = 0;
    }
    if (s == at.size())
      return false;
  }
}

class Bitmap {
public:
  Bitmap(Wide first, long long unit, unsigned long long units)
      : first_(first), unit_(unit), words_((units + 63) / 64, 0) {}

  // Whether any unit of [address, address + size) is set.
  bool any(long long address, long long size) const {
    for (unsigned long long u = index(address), n = size / unit_; n--; ++u)
      if (words_[u / 64] >> (u % 64) & 1)
        return true;
    return false;
  }
  void set(long long address, long long size) {
    for (unsigned long long u = index(address), n = size / unit_; n--; ++u)
      words_[u / 64] |= std::uint64_t{1} << (u % 64);
  }

private:
  unsigned long long index(long long address) const {
    return static_cast<unsigned long long>((address - first_) / unit_);
  }
  Wide first_;
  long long unit_;
  std::vector<std::uint64_t> words_;
};

// The first write other than SKIP whose points touch [byte, byte + size).
unsigned writer_of(const std::vector<Image> &images, long long byte,
                   long long size, const Image *skip) {
  for (const Image &image : images) {
    if (!image.form->write || &image == skip || byte + size <= image.first ||
        image.end <= byte)
      continue;
    if (any_point(image, [&](long long address) {
          return address < byte + size && byte < address + image.form->size;
        }))
      return image.form->line;
  }
  return skip ? skip->form->line : 0;
}

DisjointResult enumerate(const std::vector<Image> &images,
                         unsigned long long limit) {
  DisjointResult result;
  Wide points = 0, first = images.front().first, end = images.front().end;
  for (const Image &image : images) {
    points += image.points;
    first = std::min(first, image.first);
    end = std::max(end, image.end);
  }
  // Every address and size is a multiple of UNIT bytes from FIRST.
  long long unit = 0;
  for (const Image &image : images) {
    unit = std::gcd(unit, image.form->size);
    unit = std::gcd(unit, static_cast<long long>(image.corner - first));
    for (const Step &step : image.steps)
      unit = std::gcd(unit, std::llabs(step.coefficient));
  }
  const Wide units = unit > 0 ? (end - first) / unit : 0;
  if (points > static_cast<Wide>(limit) || unit <= 0 ||
      units > (Wide{1} << 34)) {
    result.kind = DisjointResult::too_large;
    result.accesses = points > static_cast<Wide>(UINT64_MAX)
                          ? UINT64_MAX
                          : static_cast<unsigned long long>(points);
    return result;
  }
  Bitmap written(first, unit, static_cast<unsigned long long>(units));
  for (const Image &image : images) {
    if (!image.form->write)
      continue;
    const long long size = image.form->size;
    if (any_point(image, [&](long long address) {
          if (written.any(address, size)) {
            result.kind = DisjointResult::two_writes;
            result.byte = address;
            return true;
          }
          written.set(address, size);
          return false;
        })) {
      result.other_line = image.form->line;
      result.write_line = writer_of(images, result.byte, size, &image);
      return result;
    }
  }
  for (const Image &image : images) {
    if (image.form->write)
      continue;
    const long long size = image.form->size;
    if (any_point(image, [&](long long address) {
          result.byte = address;
          return written.any(address, size);
        })) {
      result.kind = DisjointResult::read_of_write;
      result.other_line = image.form->line;
      result.write_line = writer_of(images, result.byte, size, nullptr);
      return result;
    }
  }
  return result;
}

} // namespace

DisjointResult check_disjoint(const std::vector<LoopVariable> &variables,
                              const std::vector<AccessForm> &forms,
                              unsigned long long limit) {
  DisjointResult result;
  for (const LoopVariable &var : variables)
    if (var.parallel && var.bound <= var.lower)
      return result; // the loop does not run
  // One image per distinct form; a read of a form the loop also writes is
  // the iteration's own element.
  std::vector<AccessForm> distinct;
  for (const AccessForm &form : forms) {
    auto same =
        std::find_if(distinct.begin(), distinct.end(),
                     [&](const AccessForm &d) { return same_form(d, form); });
    if (same == distinct.end())
      distinct.push_back(form);
    else if (form.write && !same->write)
      *same = form;
  }
  std::vector<Image> images;
  for (const AccessForm &form : distinct) {
    Image image;
    if (!image_of(form, variables, &image))
      continue;
    if (!fits(image.first) || !fits(image.end)) {
      result.kind = DisjointResult::too_large;
      result.accesses = UINT64_MAX;
      return result;
    }
    images.push_back(image);
  }
  bool settled = true;
  for (const Image &image : images) {
    if (!image.form->write)
      continue;
    // A parallel variable that does not move a write: iterations that
    // differ only in it write the same element.
    for (std::size_t v = 0; v < variables.size(); ++v) {
      const long long c =
          v < image.form->coefficients.size() ? image.form->coefficients[v] : 0;
      if (variables[v].parallel && c == 0 &&
          variables[v].bound - variables[v].lower > 1) {
        result.kind = DisjointResult::two_writes;
        result.byte = static_cast<long long>(image.first);
        result.write_line = result.other_line = image.form->line;
        return result;
      }
    }
    settled = settled && provably_injective(image);
    for (const Image &other : images)
      settled = settled && (&other == &image || apart(image, other));
  }
  if (settled || images.empty())
    return result;
  return enumerate(images, limit);
}

} // namespace ferry::rt
