# Refused commands: the canonical messages (GTP 6.3), and a refused command
# changes nothing (checked with list_stones and final_score afterwards).
# Colours and vertices are not case sensitive (GTP 3.2.1).

boardsize 9
clear_board
komi 0.5

# --- Case-insensitive colours and vertices.
1 play B E5
#? []
2 play WHITE d5
#? []
3 play Black e6
#? []
4 play w D6
#? []
5 play b PASS
#? []
6 play W Pass
#? []
7 list_stones BLACK
#? [E5 E6|E6 E5]
8 list_stones White
#? [D5 D6|D6 D5]
9 color e5
#? [black]
10 is_legal B e4
#? [1]

# --- unknown command
11 foo
#? [unknown command]*
12 play_move black E4
#? [unknown command]*

# --- illegal move: occupied, own or opponent's stone.
13 play black E5
#? [illegal move \(the point is occupied\)]*
14 play white E5
#? [illegal move \(the point is occupied\)]*
15 play black d5
#? [illegal move.*]*

# --- syntax error: missing or malformed arguments.
16 play black
#? [syntax error]*
17 play
#? [syntax error]*
18 play red E4
#? [syntax error|invalid color.*]*
19 play black E4 E3
#? [syntax error]*
20 play E4 black
#? [syntax error|invalid color.*]*
21 play black 44
#? [syntax error|invalid coordinate|invalid color or coordinate]*
# Off the board, and the letter I (skipped by GTP).
22 play black K9
#? [invalid coordinate|syntax error|invalid color or coordinate]*
23 play black E10
#? [invalid coordinate|syntax error|invalid color or coordinate]*
24 play black E0
#? [invalid coordinate|syntax error|invalid color or coordinate]*
25 play black I5
#? [invalid coordinate|syntax error|invalid color or coordinate]*
26 genmove purple
#? [syntax error|invalid color.*]*
27 genmove
#? [syntax error|invalid color.*]*
28 komi
#? [syntax error|komi not a float]*
29 komi seven
#? [syntax error|komi not a float]*
30 is_legal black
#? [syntax error.*|invalid color or coordinate]*
31 list_stones
#? [syntax error.*|invalid color]*
32 color
#? [syntax error.*|invalid vertex]*
# GTP's numbers and vertices, strictly: no hexadecimal, sign or leading zero.
36 komi 0x10
#? [syntax error|komi not a float]*
37 komi Infinity
#? [syntax error|komi not a float]*
38 play black A01
#? [invalid coordinate|syntax error|invalid color or coordinate]*
# Commands without arguments refuse them (undo would otherwise take a move back).
39 undo junk extra
#? [syntax error]*
77 clear_board 9
#? [syntax error]*
79 showboard now
#? [syntax error]*
# Nothing changed: the same stones (and the same komi, checked below on an
# empty board).
33 list_stones black
#? [E5 E6|E6 E5]
34 list_stones white
#? [D5 D6|D6 D5]

# --- unacceptable size; the board is not cleared by a refused boardsize.
40 boardsize 1
#? [unacceptable size]*
41 boardsize 26
#? [unacceptable size]*
42 boardsize 0
#? [unacceptable size]*
43 boardsize -9
#? [unacceptable size|syntax error]*
44 boardsize nine
#? [syntax error|boardsize not an integer]*
45 boardsize
#? [syntax error|boardsize not an integer]*
46 list_stones black
#? [E5 E6|E6 E5]
47 is_legal black J9
#? [1]

# --- cannot undo: at the start, after clear_board, after boardsize, and
# after undoing everything.
48 undo
#? []
49 undo
#? []
50 list_stones black
#? [E5 E6|E6 E5]
undo
undo
undo
undo
51 list_stones black
#? []
52 undo
#? [cannot undo]*
play black A1
clear_board
53 undo
#? [cannot undo]*
play black A1
boardsize 13
54 undo
#? [cannot undo]*
55 list_stones black
#? []
# The komi is still 0.5 after the refused komi commands above.
35 final_score
#? [W\+0\.5]

# --- The komi stays through boardsize and clear_board; a refused komi
# keeps the old one.
komi 2.5
boardsize 9
56 final_score
#? [W\+2\.5]
57 komi 6.5.5
#? [syntax error|komi not a float]*
58 final_score
#? [W\+2\.5]
clear_board
59 final_score
#? [W\+2\.5]

# --- Refused handicap, rules and time commands leave the board alone.
play black E5
60 fixed_handicap 2
#? [board not empty]*
78 fixed_handicap +3
#? [syntax error]*
61 set_free_handicap A1 A2
#? [board not empty]*
62 kata-set-rules chess
#? [.+]*
63 kata-get-rules
#? [chinese]
64 time_settings a b c
#? [syntax error]*
65 loadsgf sgf/no-such-file.sgf
#? [cannot load file.*]*
66 list_stones black
#? [E5]
67 list_stones white
#? []
# The last move is still E5: undo takes it back.
68 undo
#? []
69 list_stones black
#? []

# --- genmove never fails; with no legal point it passes. On 2x2 with White
# A1 and B2, Black's only points A2 and B1 are suicide.
boardsize 2
clear_board
kgs-time_settings absolute 3
time_left black 1 0
time_left white 1 0
play white A1
play white B2
70 all_legal black
#? []
71 genmove black
#? [pass|PASS]
72 list_stones black
#? []
# reg_genmove chooses without playing.
73 reg_genmove black
#? [pass|PASS]
# kgs-genmove_cleanup too answers pass when there is nothing to play.
76 kgs-genmove_cleanup black
#? [pass|PASS]
# White has legal points (A2 and B1 join White's stones).
74 reg_genmove white
#? [A2|B1|pass|PASS]
75 list_stones white
#? [A1 B2|B2 A1]
