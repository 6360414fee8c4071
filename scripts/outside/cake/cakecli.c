/* cakecli.c: a line front end for Cake++ 1.22 (github hungerburg/capers, dir cake/, GPL-2), ours.
 * build.sh compiles it with Cake's unchanged sources outside the repository; cake-engine.py
 * talks to it over a pipe. Run it from Cake's directory (Cake opens ./xbook.bin).
 *
 * One command a line, one answer line each (besides `info` before `bestmove`):
 *   new                                     -> ok          (the next go starts a new game history)
 *   go <bm> <bk> <wm> <wk> <b|w> <ms>       -> info <Cake's line of its last iteration, or `book`>
 *                                              bestmove <Cake's notation> value <v> after <bm> <bk> <wm> <wk>
 *   perft <bm> <bk> <wm> <wk> <b|w> <depth> -> perft <count>     (Cake's own move generator)
 *   quit
 * Positions are hex bitboards in Cake's layout: bit i = standard square 4*(i/4) + 4 - i%4;
 * b = Black (moves first, starts on 1-12), w = White. <v> is from the mover's view (a man is 100,
 * a win 5000 - plies). A bad line gets `error <why>`.
 * History: a `go` after another `go` without `new` between is taken to be the same game two plies
 * later; Cake then keeps the positions of its earlier searches and sees repetitions with them.
 *
 * Time: Cake reads the process's CPU clock, starts no new iteration once half of its time is
 * gone, and aborts an iteration only after four times its time, so it overshoots. Here a timer
 * thread stops it at <ms> of wall-clock time (Cake then plays the best move of its last finished
 * iteration); Cake is given <ms> as its own time, so it stops earlier when an iteration ends past
 * half of it in CPU time. The stop waits for iteration 3 to have finished (microseconds): an interrupted
 * first iteration would leave Cake without a move.
 *
 * Book: about 11,100 of the 115,000 entries of Cake's xbook.bin hold no legal move (mostly the
 * value 1 or 2 where the squares of a move belong); Cake plays them as they are, which removes a
 * piece or two from the board. build.sh links with -Wl,--wrap=booklookup, so Cake's call of
 * booklookup() comes here first: a book move that is not one of the position's legal moves is
 * answered "not in the book", and Cake searches. Besides, every answer is checked against the legal
 * moves (Cake's generator); one that is not legal is searched again for 50 ms of Cake's own time
 * without the timer, and if that is not legal either the first legal move is played and a warning
 * goes to standard error. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "structs.h"
#include "consts.h"
#include "cakepp.h"
#include "movegen.h"

extern struct pos p; /* Cake's current position (cakepp.c), read by its move generator */

static volatile int playnow, searching;
static char info[1024], stopped[1024]; /* Cake's search line; its copy when stopped */
static double deadline;

/* The legal moves of position q, color to move, by Cake's generator (it reads Cake's p). */
static int legalmoves(struct pos q, int color, struct move list[MAXMOVES]) {
  struct pos keep = p;
  int n;
  p = q;
  n = makecapturelist(list, color, 0);
  if (n == 0) n = makemovelist(list, color, 0, 0);
  p = keep;
  return n;
}

/* Whether `after` follows from `before` by a legal move of color. */
static int islegal(struct pos before, int color, struct pos after) {
  struct move list[MAXMOVES];
  int i, n = legalmoves(before, color, list);
  for (i = 0; i < n; i++)
    if ((before.bm ^ list[i].bm) == after.bm && (before.bk ^ list[i].bk) == after.bk
        && (before.wm ^ list[i].wm) == after.wm && (before.wk ^ list[i].wk) == after.wk) return 1;
  return 0;
}

/* Cake's book lookup (book.c), wrapped by the linker (-Wl,--wrap=booklookup): the book's move is a
 * set of squares (from, to and the captured pieces); one that is no legal move is dropped. */
int32 __real_booklookup(struct pos *q, int color);
int32 __wrap_booklookup(struct pos *q, int color) {
  struct move list[MAXMOVES];
  int32 move = __real_booklookup(q, color);
  int i, n;
  if (move == 0) return 0;
  n = legalmoves(*q, color, list);
  for (i = 0; i < n; i++)
    if ((list[i].bm | list[i].bk | list[i].wm | list[i].wk) == move) return move;
  return 0;
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

static void *timer(void *arg) {
  const struct timespec tick = {0, 500000};
  (void)arg;
  while (searching) { /* polled every 0.5 ms: a book move or a short search ends it at once */
    const char *d = strstr(info, "depth ");
    if (now() >= deadline && d && atoi(d + 6) >= 3) { memcpy(stopped, info, sizeof stopped); playnow = 1; break; }
    nanosleep(&tick, NULL);
  }
  return NULL;
}

static unsigned long long perft(int color, int depth) {
  struct move list[MAXMOVES];
  unsigned long long sum = 0;
  int i, n = makecapturelist(list, color, 0);
  if (n == 0) n = makemovelist(list, color, 0, 0);
  if (depth == 1) return n;
  for (i = 0; i < n; i++) {
    togglemove(list[i]);
    sum += perft(color ^ CC, depth - 1);
    togglemove(list[i]);
  }
  return sum;
}

int main(void) {
  char line[512], cmd[16], side, note[64];
  int reset = 1;
  setvbuf(stdout, NULL, _IOLBF, 0);
  initcake(0);
  while (fgets(line, sizeof line, stdin)) {
    struct pos q, before;
    struct move m;
    long num;
    int color, v;
    if (sscanf(line, "%15s", cmd) != 1) continue;
    if (!strcmp(cmd, "quit")) break;
    if (!strcmp(cmd, "new")) { reset = 1; puts("ok"); continue; }
    if (strcmp(cmd, "go") && strcmp(cmd, "perft")) { puts("error unknown command (new, go, perft, quit)"); continue; }
    if (sscanf(line, "%*s %x %x %x %x %c %ld", &q.bm, &q.bk, &q.wm, &q.wk, &side, &num) != 6
        || (side != 'b' && side != 'w') || num < 1) {
      printf("error usage: %s <bm> <bk> <wm> <wk> <b|w> <%s>\n", cmd, cmd[0] == 'g' ? "ms" : "depth");
      continue;
    }
    color = side == 'b' ? BLACK : WHITE;
    if (cmd[0] == 'p') { p = q; printf("perft %llu\n", perft(color, (int)num)); continue; }
    {
      pthread_t t;
      deadline = now() + num / 1000.0;
      memset(info, 0, sizeof info);
      playnow = 0;
      searching = 1;
      pthread_create(&t, NULL, timer, NULL);
      before = q;
      v = cake_getmove(&q, color, 0, num / 1000.0, 99, 0, info, (int *)&playnow, 0, reset);
      searching = 0;
      pthread_join(t, NULL);
      reset = info[0] == 0; /* after a book move Cake keeps no history: start afresh */
      if (playnow) { /* Cake may return the stopped iteration's value (0): take the finished one's */
        const char *w = strstr(stopped, "value");
        if (w) v = atoi(w + 5 + (w[5] == '<' || w[5] == '>'));
      }
    }
    if (!islegal(before, color, q)) { /* never seen since the book is checked; kept as a net */
      struct move list[MAXMOVES];
      int n = legalmoves(before, color, list);
      if (n == 0) { puts("error no legal move"); reset = 1; continue; }
      fprintf(stderr, "cake-cli: warning: Cake's answer %x %x %x %x to %x %x %x %x %c is not a legal move;"
              " searching again\n", q.bm, q.bk, q.wm, q.wk, before.bm, before.bk, before.wm, before.wk, side);
      q = before;
      playnow = 0;
      memset(info, 0, sizeof info);
      v = cake_getmove(&q, color, 0, 0.05, 99, 0, info, (int *)&playnow, 0, 1);
      reset = 1;
      if (!islegal(before, color, q)) {
        fprintf(stderr, "cake-cli: warning: again not a legal move; playing the first legal move\n");
        q.bm = before.bm ^ list[0].bm; q.bk = before.bk ^ list[0].bk;
        q.wm = before.wm ^ list[0].wm; q.wk = before.wk ^ list[0].wk;
        v = 0;
        strcpy(info, "fallback");
      }
    }
    m.bm = q.bm ^ before.bm; m.bk = q.bk ^ before.bk; m.wm = q.wm ^ before.wm; m.wk = q.wk ^ before.wk;
    movetonotation(before, m, note, color);
    printf("info %s\n", playnow ? stopped : info[0] ? info : "book");
    printf("bestmove %s value %d after %x %x %x %x\n", note, v, q.bm, q.bk, q.wm, q.wk);
  }
  return 0;
}
