// The program's atomic constructs beyond the update: a capture of the old
// value (`idx = count[0]++`, a compaction's slot), of the new one
// (`{ total += w; seen = total; }`), OpenMP 5.1's compare-and-capture
// (a hash table's insertion), an atomic read and an atomic write.
// Each shares its element by OpenMP's meaning, so the checker sees no race
// in it, and the loop runs as a kernel (on the pragma's promise where it
// stores through the captured slot).  The counters are local arrays, whose
// element's address the front end keeps in a temporary (a TARGET_EXPR the
// kernel's copies must not define twice), and heap pointers.  What is
// printed does not depend on the iterations' order: the sums, the
// counts, and that every slot was taken once.
// { ferry-stats "FERRY_DEVICE=sim" "launches=4" }
#include <cstdio>
#include <vector>

static void compact(int n, const int *x, int round) {
  std::vector<int> out(n, -1);
  int *po = out.data();
  int count[1] = {0};
  int hist[4] = {0, 0, 0, 0};
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: po[0:n], count[0:1], hist[0:4])
  for (int i = 0; i < n; ++i) {
    if (x[i] < 100 + round) {
      int slot;
#pragma omp atomic capture
      slot = count[0]++;
      po[slot] = x[i];
    }
#pragma omp atomic update
    hist[x[i] % 4] += 1;
  }
  long sum = 0;
  std::vector<int> taken(n, 0);
  for (int k = 0; k < count[0]; ++k)
    sum += po[k];
  for (int k = 0; k < n; ++k)
    taken[k] = po[k] >= 0;
  int holes = 0;
  for (int k = 0; k < count[0]; ++k)
    holes += !taken[k];
  std::printf("compact: count=%d sum=%ld holes=%d hist=%d %d %d %d\n",
              count[0], sum, holes, hist[0], hist[1], hist[2], hist[3]);
}

static void running_total(int n, const int *x) {
  long *total = new long[1]();
  int *limit = new int[1]{n / 2};
  int *flag = new int[2]();
  std::vector<long> seen(n);
  long *ps = seen.data();
#pragma omp target teams distribute parallel for map(to: x[0:n], limit[0:1]) map(tofrom: total[0:1], flag[0:2]) map(from: ps[0:n])
  for (int i = 0; i < n; ++i) {
    long after;
#pragma omp atomic capture
    {
      total[0] += x[i];
      after = total[0];
    }
    ps[i] = after;
    int bound;
#pragma omp atomic read
    bound = limit[0];
    if (i >= bound) {
#pragma omp atomic write
      flag[1] = 1;
    }
  }
  long largest = 0;
  for (int i = 0; i < n; ++i)
    largest = seen[i] > largest ? seen[i] : largest;
  std::printf("total=%ld largest=%ld flag=%d %d\n", total[0], largest,
              flag[0], flag[1]);
  delete[] total;
  delete[] limit;
  delete[] flag;
}

// Linear probing as HeCBench's linearprobing writes it: OpenMP 5.1's
// compare-and-capture takes an empty slot for a key.  Which slot a key
// lands in depends on the order; which keys are in the table does not.
static void insert_keys(int n, const int *x) {
  const int capacity = 4096; // more than the 1000 distinct keys
  int *table = new int[capacity];
  for (int s = 0; s < capacity; ++s)
    table[s] = -1;
#pragma omp target teams distribute parallel for map(to: x[0:n]) map(tofrom: table[0:capacity])
  for (int i = 0; i < n; ++i) {
    const int key = x[i];
    int slot = (key * 2654435761u) % capacity;
    while (true) {
      int before;
#pragma omp atomic compare capture
      {
        before = table[slot];
        if (table[slot] == -1) {
          table[slot] = key;
        }
      }
      if (before == -1 || before == key)
        break;
      slot = (slot + 1) % capacity;
    }
  }
  long keys = 0, filled = 0;
  for (int s = 0; s < capacity; ++s)
    if (table[s] >= 0) {
      keys += table[s];
      ++filled;
    }
  std::printf("table: filled=%ld keys=%ld\n", filled, keys);
  delete[] table;
}

// Tickets from a counter that an enter data keeps on the device, as
// OpenMP_VV's target_teams_distribute_nowait takes them: the counter is a
// local array, whose element's address the front end keeps in a
// temporary, and it stays an array in the region (its device copy is the
// enter data's).  Every iteration takes a different ticket.
static void take_tickets(int n) {
  int ticket[1] = {0};
  int last[4] = {-1, -1, -1, -1};
  int *taken = new int[n]();
#pragma omp target enter data map(to: ticket[0:1], last[0:4])
  for (int round = 0; round < 4; ++round) {
#pragma omp target teams distribute parallel for map(alloc: ticket[0:1]) map(tofrom: taken[0:n])
    for (int i = 0; i < n; ++i) {
      int mine;
#pragma omp atomic capture
      mine = ticket[0]++;
      if (mine % n == n - 1)
        last[round] = mine;
#pragma omp atomic update
      taken[mine % n] += 1;
    }
  }
#pragma omp target exit data map(from: ticket[0:1], last[0:4])
  int twice = 0;
  for (int i = 0; i < n; ++i)
    twice += taken[i] != 4;
  std::printf("tickets=%d not taken 4 times=%d last=%d %d %d %d\n", ticket[0],
              twice, last[0], last[1], last[2], last[3]);
  delete[] taken;
}

int main() {
  const int n = 20000;
  std::vector<int> x(n);
  for (int i = 0; i < n; ++i)
    x[i] = (i * 7919) % 1000;
  for (int round = 0; round < 2; ++round)
    compact(n, x.data(), round);
  running_total(n, x.data());
  insert_keys(n, x.data());
  take_tickets(n);
  return 0;
}
