# loadsgf FILE [N] (GTP 6.3.5): the main line of the file; with N, the
# position before move N (moves counted from 1, setup stones are not moves).
# The reply is the colour to move. Paths are relative to this folder.

boardsize 19
komi 0

# --- The worked example, 9x9, KM[7.5], 27 moves and 3 passes.
1 loadsgf sgf/worked-example.sgf
#? [black]
2 list_stones black
#? [(?=.*\bD1\b)(?=.*\bD2\b)(?=.*\bD3\b)(?=.*\bD4\b)(?=.*\bD5\b)(?=.*\bD6\b)(?=.*\bD7\b)(?=.*\bD8\b)(?=.*\bD9\b)(?=.*\bE1\b)(?=.*\bE3\b)(?=.*\bE5\b)(?=.*\bE7\b)(?=.*\bE9\b)\S+(?:\s+\S+){13}]
3 list_stones white
#? [(?=.*\bF1\b)(?=.*\bF2\b)(?=.*\bF3\b)(?=.*\bF4\b)(?=.*\bF5\b)(?=.*\bF6\b)(?=.*\bF7\b)(?=.*\bF8\b)(?=.*\bF9\b)(?=.*\bE2\b)(?=.*\bE4\b)(?=.*\bE6\b)(?=.*\bE8\b)\S+(?:\s+\S+){12}]
# The board is 9x9 now, and the komi is the file's.
4 final_score
#? [W\+6\.5]
5 is_legal black J9
#? [1]
6 is_legal black K10
#? [invalid coordinate|syntax error]*

# Before move 19 (Black E1): moves 1-18 are on the board.
7 loadsgf sgf/worked-example.sgf 19
#? [black]
8 color E1
#? [empty]
9 color D9
#? [black]
10 list_stones white
#? [(?=.*\bF1\b)(?=.*\bF2\b)(?=.*\bF3\b)(?=.*\bF4\b)(?=.*\bF5\b)(?=.*\bF6\b)(?=.*\bF7\b)(?=.*\bF8\b)(?=.*\bF9\b)\S+(?:\s+\S+){8}]
# The loaded moves are history: undo takes back move 18 (White F9).
11 undo
#? []
12 color F9
#? [empty]
13 color D9
#? [black]
# Before move 2: only Black D1. White to move.
14 loadsgf sgf/worked-example.sgf 2
#? [white]
15 list_stones black
#? [D1]
16 list_stones white
#? []
# Before move 1: the empty board, Black to move.
17 loadsgf sgf/worked-example.sgf 1
#? [black]
18 list_stones black
#? []
19 undo
#? [cannot undo]*
# Before move 28 (White's first pass): White to move; before move 30
# (White's last pass): White to move.
20 loadsgf sgf/worked-example.sgf 28
#? [white]
21 color E9
#? [black]
22 loadsgf sgf/worked-example.sgf 29
#? [black]
23 loadsgf sgf/worked-example.sgf 30
#? [white]
# A number past the end is the whole game.
24 loadsgf sgf/worked-example.sgf 1000
#? [black]
25 color E9
#? [black]

# --- 13x13 setup stones (AB/AW, no moves): the board size changes.
26 loadsgf sgf/wall13.sgf
#? [black]
27 color N13
#? [empty]
28 color E13
#? [black]
29 color F2
#? [white]
# White's chain G1-G13 with F2 ... F12 breathes only on column H.
30 countlib G1
#? [13]
31 play white N13
#? []

# --- 19x19 with a capture in the moves and both forms of pass (W[] and
# W[tt]).
32 loadsgf sgf/capture19.sgf
#? [white]
33 captures black
#? [1]
34 color C3
#? [empty]
35 color D3
#? [black]
# Before move 7 (Black D3), White C3 is still there with one liberty.
36 loadsgf sgf/capture19.sgf 7
#? [black]
37 countlib C3
#? [1]
38 findlib C3
#? [D3]
39 captures black
#? [0]
40 loadsgf sgf/passes19.sgf
#? [black]
41 list_stones black
#? [Q16 D4|D4 Q16]
42 list_stones white
#? []
# Q16 D4 pass pass: before move 4 (White's second pass).
43 loadsgf sgf/passes19.sgf 4
#? [white]

# --- Handicap: HA[2] with AB, so White moves first; the stones are not
# moves (undo cannot take them back) and count as handicap when scoring:
# KM[0.5], RU[Chinese]: 81 against 0.5 + 2.
44 loadsgf sgf/handicap9.sgf
#? [white]
45 list_stones black
#? [C3 G7|G7 C3]
46 undo
#? [cannot undo]*
47 final_score
#? [B\+78\.5]

# --- PL[W] says who moves after the setup stones.
48 loadsgf sgf/setup-pl.sgf
#? [white]
49 countlib E3
#? [3]
# printsgf keeps that (PL), so the position reads back the same.
printsgf sgf/loadsgf-pl.out.sgf
clear_board
55 loadsgf sgf/loadsgf-pl.out.sgf
#? [white]
56 list_stones white
#? [E3]

# --- RU[Japanese], KM[6.5].
kata-set-rules chinese
50 loadsgf sgf/japanese.sgf
#? [black]
51 kata-get-rules
#? [japanese]
53 list_stones white
#? [C7]
# Before move 1: the empty board, with the file's komi: 0 against 0 + 6.5.
54 loadsgf sgf/japanese.sgf 1
#? [black]
52 final_score
#? [W\+6\.5]

# --- A record that does not alternate (Black E5, Black C7, White G3): before
# move 2 it is Black's turn, in the reply and in the engine alike.
86 loadsgf sgf/black-twice.sgf 2
#? [black]
87 showboard
#? [.*black to play.*]
88 loadsgf sgf/black-twice.sgf 3
#? [white]
89 showboard
#? [.*white to play.*]

# --- Setup node by node: Black C7 E5, then White C7 over the black stone and E5
# emptied (AE), then Black G3; then White D6.
90 loadsgf sgf/setup-override.sgf
#? [black]
91 list_stones black
#? [G3]
92 list_stones white
#? [D6 C7]

# --- Stones set up after move 2 (remove-stones.sgf: B E5, W C7, then AE[ee] with
# B D6): the positions before it load, the later ones do not (below).
93 loadsgf sgf/remove-stones.sgf 2
#? [white]
94 list_stones black
#? [E5]
95 loadsgf sgf/remove-stones.sgf 3
#? [cannot load file: stones set up .*after move 2.*]*

# --- Files that cannot be loaded leave everything as it was.
boardsize 9
clear_board
komi 0.5
kata-set-rules chinese
play black E5
play white C3
60 loadsgf sgf/no-such-file.sgf
#? [cannot load file.*]*
61 loadsgf sgf/not-sgf.sgf
#? [cannot load file.*]*
# Plain text without any SGF syntax is not an empty game either.
57 loadsgf sgf/hello.sgf
#? [cannot load file.*]*
62 loadsgf sgf/chess.sgf
#? [cannot load file.*]*
63 loadsgf sgf/size30.sgf
#? [cannot load file.*]*
# Move 3 of this file is on an occupied point.
64 loadsgf sgf/illegal.sgf
#? [cannot load file.*]*
65 loadsgf sgf
#? [cannot load file.*]*
# Setup points that are not points, on both colours, or without liberties;
# stones taken away (AE); a rectangle (SZ[9:5]); a komi that is not a number.
80 loadsgf sgf/setup-empty-point.sgf
#? [cannot load file.*]*
81 loadsgf sgf/setup-both-colours.sgf
#? [cannot load file.*]*
82 loadsgf sgf/setup-no-liberty.sgf
#? [cannot load file.*]*
83 loadsgf sgf/remove-stones.sgf
#? [cannot load file: stones set up \(AB/AW/AE\) after move 2 are not supported]*
84 loadsgf sgf/size-rectangle.sgf
#? [cannot load file.*]*
85 loadsgf sgf/komi-word.sgf
#? [cannot load file.*]*
66 loadsgf
#? [syntax error]*
67 loadsgf sgf/worked-example.sgf x
#? [syntax error]*
68 list_stones black
#? [E5]
69 list_stones white
#? [C3]
70 is_legal black J9
#? [1]
72 kata-get-rules
#? [chinese]
# ... and the history too.
73 undo
#? []
74 list_stones white
#? []
# ... and the komi (0.5), read on an empty board.
clear_board
71 final_score
#? [W\+0\.5]
