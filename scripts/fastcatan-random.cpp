// fastcatan's base game with four uniform-random players and no trades
// between players, timed in CPU seconds: the other half of
// scripts/bench-fastcatan.sh (built there against fastcatan's own core,
// with the flags its PyPI wheel is built with).
//
//   fastcatan-random GAMES    prints one line of key=value figures
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>

#include "mask.hpp"
#include "rules.hpp"
#include "state.hpp"

namespace {

// The players' picks: splitmix64, a generator of our own (the game's
// chance keeps using the state's own xoshiro).
struct Pick {
    uint64_t x;
    uint64_t next() {
        uint64_t z = (x += 0x9e3779b97f4a7c15ull);
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
        return z ^ (z >> 31);
    }
    uint32_t below(uint32_t n) { return uint32_t((uint64_t(uint32_t(next())) * n) >> 32); }
};

double cpu_seconds() {
    timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) + double(t.tv_nsec) * 1e-9;
}

}  // namespace

int main(int argc, char** argv) {
    const long games = argc > 1 ? std::atol(argv[1]) : 2000;
    catan::GameState s;
    catan::BoardLayout b;
    Pick pick{12345};
    uint32_t legal[catan::NUM_ACTIONS];
    uint64_t steps = 0, turns = 0, rolls = 0, capped = 0;
    const double start = cpu_seconds();
    for (long g = 0; g < games; ++g) {
        catan::reset_one(s, b, uint64_t(g) + 1);
        bool over = false;
        while (!over) {
            uint32_t n = 0;
            // Player trades (actions TRADE_ADD_GIVE_BASE and up) left out.
            for (uint32_t a = 0; a < catan::action::TRADE_ADD_GIVE_BASE; ++a)
                if (s.action_mask[a >> 6] & (uint64_t(1) << (a & 63))) legal[n++] = a;
            if (n == 0) {
                std::fprintf(stderr, "game %ld: no legal action\n", g);
                return 1;
            }
            const uint32_t a = legal[pick.below(n)];
            rolls += a == catan::action::ROLL_DICE;
            over = catan::step_one(s, b, a);
            ++steps;
        }
        turns += s.turn_count;
        capped += s.turn_count >= catan::MAX_TURNS;
    }
    const double cpu = cpu_seconds() - start;
    std::printf("games=%ld cpu_seconds=%.3f games_per_cpu_second=%.1f steps_per_game=%.1f "
                "turns_per_game=%.1f rolls_per_game=%.1f games_at_turn_limit=%llu\n",
                games, cpu, double(games) / cpu, double(steps) / double(games),
                double(turns) / double(games), double(rolls) / double(games),
                (unsigned long long)capped);
    return 0;
}
