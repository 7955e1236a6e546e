# The end of the game: what genmove answers once the opponent has passed and
# nothing left to play changes the result (issue 11), and what
# kgs-genmove_cleanup keeps doing. Expected values counted by hand.

# --- The worked example (sgf/worked-example.sgf, 9x9): Black D1-D9, White F1-F9, the E
# column shared, then White, Black and White passed. Black has 41 points by
# area against White's 40 + 7.5: W+6.5. Every point is settled, so no move of
# Black's changes the result: it passes, or resigns (resigning is on by
# default, and this is move 31). An invasion of White's area would be a
# hopeless move.
10 loadsgf sgf/worked-example.sgf
#? [black]
komi 7.5
kata-set-rules chinese
11 final_score
#? [W\+6\.5]
12 genmove b
#? [pass|resign]
# By territory (27 against 27 + 7.5): the same.
13 loadsgf sgf/worked-example.sgf
#? [black]
komi 7.5
kata-set-rules japanese
14 final_score
#? [W\+7\.5]
15 genmove b
#? [pass|resign]

# --- Territory counting, every legal Black move inside its own area: Black
# owns the E column and rows 2 and 8 from A to D with 28 points inside;
# White's F-J chain has five single-point eyes, which Black cannot play.
# Black 28 against White 5 + 6.5. After a White pass, Black passes: a move
# inside its own area costs a point by territory.
20 loadsgf sgf/endgame-territory.sgf
#? [black]
komi 6.5
kata-set-rules japanese
21 final_score
#? [B\+16\.5]
play w pass
22 genmove b
#? [pass]
# Losing by komi 40.5: still nothing to play, and the game is lost whatever
# happens, so it resigns (on by default). The game is one move old, but a
# position set up with this many stones is no opening.
komi 40.5
play w pass
23 genmove b
#? [resign]

# --- kgs-genmove_cleanup keeps its meaning: with a dead White stone at B5
# inside Black's area, it captures instead of passing (KGS counts every stone
# left on the board after cleanup as alive), while a plain genmove under
# territory counting passes (the stone is counted dead without capturing).
30 loadsgf sgf/endgame-cleanup.sgf
#? [black]
komi 6.5
kata-set-rules japanese
31 final_status_list dead
#? [B5]
32 final_score
#? [B\+17\.5]
play w pass
33 genmove b
#? [pass]
40 loadsgf sgf/endgame-cleanup.sgf
#? [black]
komi 7.5
kata-set-rules chinese
time_settings 0 1 1
play w pass
41 kgs-genmove_cleanup b
#? [!pass]
play w pass
kgs-genmove_cleanup b
play w pass
kgs-genmove_cleanup b
play w pass
kgs-genmove_cleanup b
play w pass
kgs-genmove_cleanup b
play w pass
kgs-genmove_cleanup b
play w pass
kgs-genmove_cleanup b
play w pass
kgs-genmove_cleanup b
play w pass
kgs-genmove_cleanup b
play w pass
kgs-genmove_cleanup b
play w pass
kgs-genmove_cleanup b
# Four liberties, ten moves with White passing: B5 is captured.
49 color B5
#? [empty]
50 captures black
#? [1]
