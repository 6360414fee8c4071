/* kodracli.c: a small line driver around Kodra 1.0 (kodejuice/Kodra, MIT licence, Russian
 * draughts), our own code; build.sh compiles it together with Kodra's sources, which it
 * #includes (`ai.c` pulls in `game.c` and `move.c`). kodra-engine.py speaks to it.
 *
 * Board: 32 characters, square 1 to 32 in order (Kodra's numbering, the same as dame's internal
 * one: 1-4 on the top row, White = dame's Red on 21-32 moving up and first), each one of
 *   w  white man    W  white king    b  black man    B  black king    .  or  -  empty
 * Side: w or b.
 *
 * Commands, one a line (words separated by white space; an empty line is ignored):
 *   go <board> <side> <movetime-ms>
 *       -> started                       (the search runs: a SIGUSR1 from now on stops it)
 *          info depth <d> eval <e> nodes <n> time <ms> stopped <0|1>
 *          bestmove <move> [captures <sq>,<sq>,...]
 *       or -> bestmove none                (no legal move: no search)
 *   moves <board> <side>
 *       -> move <move> [captures <sq>,...]   one a line for every move Kodra generates, then  end
 *   about  -> about Kodra 1.0 ...        quit (or the end of the input) -> ends
 *   anything bad -> error <why>
 * <move> is `22-18` or, for a capture, every landing square: `27x18x11`; <e> is Kodra's
 * evaluation from the side to move's view (a man = 200, a king 500, a won game about 5000).
 *
 * Time: Kodra's own check (ai.c getbestmove) reads the CPU clock between iterations and lets
 * the last iteration finish, so it overshoots (0.5 s asked -> ~1.0 s used). So it is asked for
 * KODRA_SOFT (default 0.5) of the movetime, and a wall-clock alarm at the movetime minus
 * KODRA_MARGIN_MS (default 30 ms: the adapter's own work, and a late wake-up on a busy
 * machine) sets Kodra's own `playnow` flag, which ends the search at once with the best move
 * of the last completed iteration ("stopped 1"). SIGUSR1 does the same (the protocol's `stop`).
 */
#include "ai.c"

#include <errno.h>
#include <signal.h>
#include <sys/time.h>

static int playnow; /* Kodra reads it through a pointer in every node */

static void on_signal(int sig) {
  (void)sig;
  playnow = 1;
}

static double now_ms(void) {
  struct timeval tv;
  gettimeofday(&tv, NULL);
  return tv.tv_sec * 1000.0 + tv.tv_usec / 1000.0;
}

static void set_alarm(double ms) {
  struct itimerval it = {{0, 0}, {0, 0}};
  if (ms > 0) {
    long us = (long)(ms * 1000.0);
    if (us < 1000) us = 1000;
    it.it_value.tv_sec = us / 1000000;
    it.it_value.tv_usec = us % 1000000;
  }
  setitimer(ITIMER_REAL, &it, NULL);
}

/* Reads <board> and <side> into game; NULL, or the reason they are bad. */
static const char *read_position(const char *sq, const char *side, Gamestate *game, int *color) {
  if (!sq || !side) return "missing board or side";
  if (strlen(sq) != 32) return "the board must have 32 characters";
  if (strcmp(side, "w") && strcmp(side, "b")) return "the side must be w or b";
  memset(game, 0, sizeof *game);
  for (int i = 0; i < 32; i++) {
    int v;
    switch (sq[i]) {
      case 'b': v = BLACK | MAN; break;
      case 'B': v = BLACK | KING; break;
      case 'w': v = WHITE | MAN; break;
      case 'W': v = WHITE | KING; break;
      case '.': case '-': v = FREE; break;
      default: return "a board character is not one of w W b B . -";
    }
    game->board[i].value = v;
  }
  *color = side[0] == 'w' ? WHITE : BLACK;
  game->turn = *color == WHITE; /* 1 = white, as in move.c */
  game->prev_from = 0;
  game->prev_to = 0;
  init_board_hash(game);
  return NULL;
}

/* `22-18`, or `27x18x11 captures 23,15` with every landing square and every captured piece. */
static void format_move(const Move *m, char *out, size_t size) {
  int n;
  if (!m->is_capture) {
    snprintf(out, size, "%d-%d", m->list[0].from + 1, m->list[0].to + 1);
    return;
  }
  n = snprintf(out, size, "%d", m->list[0].from + 1);
  for (int i = 0; i < m->length && n < (int)size; i++)
    n += snprintf(out + n, size - n, "x%d", m->list[i].to + 1);
  for (int i = 0; i < m->length && n < (int)size; i++)
    n += snprintf(out + n, size - n, i ? ",%d" : " captures %d", m->list[i].piece + 1);
}

static int find_int(const char *s, const char *key, long *out) {
  const char *p = strstr(s, key);
  return p && sscanf(p + strlen(key), "%ld", out) == 1;
}

static void go(const char *sq, const char *side, const char *ms_text) {
  static struct TEntry *deep, *big;
  Gamestate game;
  int color, res = UNKNOWN;
  char *end, str[1024] = "", mv[400];
  long ms;
  const char *why = read_position(sq, side, &game, &color);
  if (why) { printf("error %s\n", why); return; }
  if (!ms_text) { puts("error usage: go <board> <w|b> <movetime-ms>"); return; }
  errno = 0;
  ms = strtol(ms_text, &end, 10);
  if (errno || *end || ms < 1 || ms > 86400000L) { puts("error the movetime must be a whole number of milliseconds, at least 1"); return; }

  Movelist moves;
  moves.length = 0;
  generate_all_moves(&game, color == WHITE, &moves);
  if (moves.length <= 0) { puts("bestmove none"); return; }

  const char *soft_env = getenv("KODRA_SOFT"), *margin_env = getenv("KODRA_MARGIN_MS");
  double soft = soft_env ? atof(soft_env) : 0.5, margin = margin_env ? atof(margin_env) : 30;
  if (soft <= 0 || soft > 4) soft = 0.5;
  if (margin < 0) margin = 0;

  if (!deep) deep = calloc(DEEP_HASHTABLE_SIZE, sizeof(struct TEntry));
  if (!big) big = calloc(BIG_HASHTABLE_SIZE, sizeof(struct TEntry));
  if (!deep || !big) { puts("error out of memory"); exit(1); }
  /* fresh tables for every search, as Kodra's own getmove (main.c) has them */
  memset(deep, 0, DEEP_HASHTABLE_SIZE * sizeof(struct TEntry));
  memset(big, 0, BIG_HASHTABLE_SIZE * sizeof(struct TEntry));
  memset(&_info, 0, sizeof _info);

  double start = now_ms();
  double hard = ms - margin;
  if (hard < ms * 0.5) hard = ms * 0.5;
  playnow = 0;
  set_alarm(hard);
  puts("started"); /* from here on SIGUSR1 (stop) counts */
  Move best = getbestmove(&game, color, ms * soft / 1000.0, str, deep, big, &_info, &playnow, &res);
  set_alarm(0);
  double used = now_ms() - start;
  int stopped = playnow;
  playnow = 0;

  /* the move must be one Kodra generates here (a guard against a search cut before any result) */
  int found = 0;
  for (int i = 0; i < moves.length && !found; i++) {
    const Move *m = &moves.moves[i];
    if (m->is_capture != best.is_capture || m->length != best.length) continue;
    found = 1;
    for (int j = 0; j < m->length; j++)
      if (m->list[j].from != best.list[j].from || m->list[j].to != best.list[j].to ||
          (m->is_capture && m->list[j].piece != best.list[j].piece))
        found = 0;
  }
  if (!found) best = moves.moves[0];

  long depth = 0, eval = 0, nodes = 0;
  find_int(str, "[depth ", &depth);
  find_int(str, "[eval ", &eval);
  {
    const char *p = strstr(str, "s] ["); /* "[1.06s] [1378491 nodes]" */
    if (p) sscanf(p + 4, "%ld", &nodes);
  }
  format_move(&best, mv, sizeof mv);
  printf("info depth %ld eval %ld nodes %ld time %.0f stopped %d\n", depth, eval, nodes, used, stopped);
  printf("bestmove %s\n", mv);
}

static void list_moves(const char *sq, const char *side) {
  Gamestate game;
  int color;
  char mv[400];
  const char *why = read_position(sq, side, &game, &color);
  if (why) { printf("error %s\n", why); return; }
  Movelist moves;
  moves.length = 0;
  generate_all_moves(&game, color == WHITE, &moves);
  for (int i = 0; i < moves.length; i++) {
    format_move(&moves.moves[i], mv, sizeof mv);
    printf("move %s\n", mv);
  }
  puts("end");
}

int main(void) {
  char line[4096];
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sa.sa_flags = SA_RESTART;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGALRM, &sa, NULL);
  sigaction(SIGUSR1, &sa, NULL);
  setvbuf(stdout, NULL, _IOLBF, 0);

  while (fgets(line, sizeof line, stdin)) {
    if (!strchr(line, '\n') && !feof(stdin)) { /* an overlong line: skip the rest of it */
      int c;
      while ((c = getchar()) != EOF && c != '\n') {}
      puts("error line too long");
      continue;
    }
    char *words[8];
    int n = 0;
    for (char *w = strtok(line, " \t\r\n"); w; w = strtok(NULL, " \t\r\n"))
      if (n < 8) words[n++] = w; else { n = 9; break; }
    if (n == 0) continue;
    const char *cmd = words[0];
    if (!strcmp(cmd, "quit")) break;
    else if (!strcmp(cmd, "about")) puts("about Kodra 1.0 (Russian draughts) by Sochima Biereagu, MIT licence; driver kodracli.c");
    else if (!strcmp(cmd, "go")) {
      if (n != 4) puts("error usage: go <board> <w|b> <movetime-ms>");
      else go(words[1], words[2], words[3]);
    } else if (!strcmp(cmd, "moves")) {
      if (n != 3) puts("error usage: moves <board> <w|b>");
      else list_moves(words[1], words[2]);
    } else puts("error unknown command (go, moves, about, quit)");
  }
  return 0;
}
