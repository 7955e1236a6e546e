# Queries that change nothing: is_legal, all_legal, list_stones, color,
# countlib, findlib, captures, final_status, final_status_list, showboard,
# printsgf.

boardsize 9
clear_board
play black C3
play black D3
play black D4
play white E4
play white E3
play white G7
play black A9

1 list_stones black
#? [(?=.*\bC3\b)(?=.*\bD3\b)(?=.*\bD4\b)(?=.*\bA9\b)\S+(?:\s+\S+){3}]
2 list_stones white
#? [(?=.*\bE4\b)(?=.*\bE3\b)(?=.*\bG7\b)\S+(?:\s+\S+){2}]
3 list_stones b
#? [(?=.*\bC3\b)(?=.*\bD3\b)(?=.*\bD4\b)(?=.*\bA9\b)\S+(?:\s+\S+){3}]
4 color C3
#? [black]
5 color e4
#? [white]
6 color E5
#? [empty]
7 color J1
#? [empty]
8 color A9
#? [black]

# The chain C3 D3 D4: liberties B3 C2 C4 D2 D5 (C4 counted once).
10 countlib C3
#? [5]
11 countlib D4
#? [5]
12 findlib D3
#? [(?=.*\bB3\b)(?=.*\bC2\b)(?=.*\bC4\b)(?=.*\bD2\b)(?=.*\bD5\b)\S+(?:\s+\S+){4}]
# White E3 E4: E2 F3 F4 E5.
13 countlib E3
#? [4]
14 findlib E4
#? [(?=.*\bE2\b)(?=.*\bF3\b)(?=.*\bF4\b)(?=.*\bE5\b)\S+(?:\s+\S+){3}]
# A corner stone, a lone stone.
15 countlib A9
#? [2]
16 findlib A9
#? [A8 B9|B9 A8]
17 countlib G7
#? [4]
18 countlib E5
#? [vertex must not be empty]*
19 findlib E5
#? [vertex must not be empty]*

20 captures black
#? [0]
21 captures white
#? [0]

30 is_legal black E5
#? [1]
31 is_legal white C3
#? [0]
32 is_legal w G7
#? [0]
33 is_legal black pass
#? [1]
34 is_legal white J1
#? [1]
# is_legal changes nothing.
35 list_stones white
#? [(?=.*\bE4\b)(?=.*\bE3\b)(?=.*\bG7\b)\S+(?:\s+\S+){2}]

# --- all_legal on 3x3, where every point can be checked by hand:
#   3 . O .
#   2 X . O
#   1 . X .
# White: A1 is suicide; C1 B2 A3 C3 are legal.
# Black: C3 is suicide; A1 C1 B2 A3 are legal.
boardsize 3
clear_board
play black B1
play black A2
play white C2
play white B3
40 all_legal white
#? [(?=.*\bC1\b)(?=.*\bB2\b)(?=.*\bA3\b)(?=.*\bC3\b)\S+(?:\s+\S+){3}]
41 all_legal black
#? [(?=.*\bA1\b)(?=.*\bC1\b)(?=.*\bB2\b)(?=.*\bA3\b)\S+(?:\s+\S+){3}]
42 is_legal white A1
#? [0]
43 is_legal black C3
#? [0]
# With nothing on the board every point is legal.
clear_board
44 all_legal black
#? [(?=.*\bA1\b)(?=.*\bB1\b)(?=.*\bC1\b)(?=.*\bA2\b)(?=.*\bB2\b)(?=.*\bC2\b)(?=.*\bA3\b)(?=.*\bB3\b)(?=.*\bC3\b)\S+(?:\s+\S+){8}]
# The ko point is left out. On 4x4, Black B3 A2 B1 and White C3 B2 D2 C1:
#   4 . . . .
#   3 . X O .
#   2 X O . O
#   1 . X O .
# Black C2 captures B2; White may not take back at B2 at once, and A1 is
# suicide for White. White's legal points: A4 B4 C4 D4 A3 D3 D1.
boardsize 4
clear_board
play black B3
play black A2
play black B1
play white C3
play white B2
play white D2
play white C1
45 play black C2
#? []
46 captures black
#? [1]
47 all_legal white
#? [(?=.*\bA4\b)(?=.*\bB4\b)(?=.*\bC4\b)(?=.*\bD4\b)(?=.*\bA3\b)(?=.*\bD3\b)(?=.*\bD1\b)\S+(?:\s+\S+){6}]
48 is_legal white B2
#? [0]

# --- final_status and final_status_list on the worked example
# (every stone alive: walls with 27 points behind each).
boardsize 9
loadsgf sgf/worked-example.sgf
50 final_status D5
#? [alive]
51 final_status E2
#? [alive]
52 final_status F9
#? [alive]
53 final_status A1
#? [black_territory]
54 final_status C9
#? [black_territory]
55 final_status J1
#? [white_territory]
56 final_status G5
#? [white_territory]
57 final_status_list dead
#? []
58 final_status_list seki
#? []
# All 27 stones, one or more per line.
59 final_status_list alive
#? [(?=.*\bD1\b)(?=.*\bD9\b)(?=.*\bE1\b)(?=.*\bE9\b)(?=.*\bF1\b)(?=.*\bF9\b)(?=.*\bE2\b)(?=.*\bE8\b)\S+(?:\s+\S+){26}]
60 final_status_list unknown
#? [syntax error]*
# Before move 27 E9 is a neutral point.
loadsgf sgf/worked-example.sgf 27
61 final_status E9
#? [dame]
62 final_status E8
#? [alive]

# --- showboard: free-form, but the coordinates are labelled (no I column)
# and the stones are where they were played.
boardsize 9
clear_board
play black C3
play black D3
play white E3
play white G7
70 showboard
#? [(?!.*\bI\b).*\bA B C D E F G H J\b.*]
71 showboard
#? [.*\n *3 [^\n]*X[^\n]*X[^\n]*O[^\n]*\n.*]
72 showboard
#? [.*\n *7 [^\nX]*O[^\nX]*\n.*]
73 showboard
#? [.*\n *9 [^\nXO]*\n.*]

# --- printsgf: the game as SGF (size, komi, moves in order).
komi 6.5
play black pass
74 printsgf
#? [\(\s*;.*SZ\[9\].*KM\[6\.5\].*;B\[cg\].*;B\[dg\].*;W\[eg\].*;W\[gc\].*;B\[\].*\)]
# Written to a file and read back, it gives the same position.
75 printsgf sgf/queries.out.sgf
#? []
clear_board
76 loadsgf sgf/queries.out.sgf
#? [white]
77 list_stones black
#? [C3 D3|D3 C3]
78 list_stones white
#? [E3 G7|G7 E3]
# Handicap stones are written as setup (AB) with HA.
boardsize 13
fixed_handicap 2
79 printsgf
#? [.*HA\[2\].*AB(?:\[dj\]\[jd\]|\[jd\]\[dj\]).*]
printsgf sgf/queries.out.sgf
clear_board
80 loadsgf sgf/queries.out.sgf
#? [white]
81 list_stones black
#? [D4 K10|K10 D4]
82 undo
#? [cannot undo]*
