# Handicap (GTP 6.3.2 and 4.1.1, fixed handicap placement): stones on
# the empty board only, not in the history (undo cannot take them back),
# White to move next. fixed_handicap places them as GNU Go does: 3rd line up
# to 11x11, 4th line from 12x12; at most 9 stones on odd sizes from 9 up,
# at most 4 otherwise (sizes from 7). Vertex lists are matched in any order.

# --- 19x19
boardsize 19
clear_board
1 fixed_handicap 2
#? [(?=.*\bD4\b)(?=.*\bQ16\b)\S+(?:\s+\S+){1}]
2 list_stones black
#? [(?=.*\bD4\b)(?=.*\bQ16\b)\S+(?:\s+\S+){1}]
clear_board
3 fixed_handicap 3
#? [(?=.*\bD4\b)(?=.*\bQ16\b)(?=.*\bD16\b)\S+(?:\s+\S+){2}]
4 list_stones black
#? [(?=.*\bD4\b)(?=.*\bQ16\b)(?=.*\bD16\b)\S+(?:\s+\S+){2}]
clear_board
5 fixed_handicap 4
#? [(?=.*\bD4\b)(?=.*\bQ16\b)(?=.*\bD16\b)(?=.*\bQ4\b)\S+(?:\s+\S+){3}]
6 list_stones black
#? [(?=.*\bD4\b)(?=.*\bQ16\b)(?=.*\bD16\b)(?=.*\bQ4\b)\S+(?:\s+\S+){3}]
clear_board
7 fixed_handicap 5
#? [(?=.*\bD4\b)(?=.*\bQ16\b)(?=.*\bD16\b)(?=.*\bQ4\b)(?=.*\bK10\b)\S+(?:\s+\S+){4}]
8 list_stones black
#? [(?=.*\bD4\b)(?=.*\bQ16\b)(?=.*\bD16\b)(?=.*\bQ4\b)(?=.*\bK10\b)\S+(?:\s+\S+){4}]
clear_board
9 fixed_handicap 6
#? [(?=.*\bD4\b)(?=.*\bQ16\b)(?=.*\bD16\b)(?=.*\bQ4\b)(?=.*\bD10\b)(?=.*\bQ10\b)\S+(?:\s+\S+){5}]
10 list_stones black
#? [(?=.*\bD4\b)(?=.*\bQ16\b)(?=.*\bD16\b)(?=.*\bQ4\b)(?=.*\bD10\b)(?=.*\bQ10\b)\S+(?:\s+\S+){5}]
clear_board
11 fixed_handicap 7
#? [(?=.*\bD4\b)(?=.*\bQ16\b)(?=.*\bD16\b)(?=.*\bQ4\b)(?=.*\bD10\b)(?=.*\bQ10\b)(?=.*\bK10\b)\S+(?:\s+\S+){6}]
12 list_stones black
#? [(?=.*\bD4\b)(?=.*\bQ16\b)(?=.*\bD16\b)(?=.*\bQ4\b)(?=.*\bD10\b)(?=.*\bQ10\b)(?=.*\bK10\b)\S+(?:\s+\S+){6}]
clear_board
13 fixed_handicap 8
#? [(?=.*\bD4\b)(?=.*\bQ16\b)(?=.*\bD16\b)(?=.*\bQ4\b)(?=.*\bD10\b)(?=.*\bQ10\b)(?=.*\bK4\b)(?=.*\bK16\b)\S+(?:\s+\S+){7}]
14 list_stones black
#? [(?=.*\bD4\b)(?=.*\bQ16\b)(?=.*\bD16\b)(?=.*\bQ4\b)(?=.*\bD10\b)(?=.*\bQ10\b)(?=.*\bK4\b)(?=.*\bK16\b)\S+(?:\s+\S+){7}]
clear_board
15 fixed_handicap 9
#? [(?=.*\bD4\b)(?=.*\bQ16\b)(?=.*\bD16\b)(?=.*\bQ4\b)(?=.*\bD10\b)(?=.*\bQ10\b)(?=.*\bK4\b)(?=.*\bK16\b)(?=.*\bK10\b)\S+(?:\s+\S+){8}]
16 list_stones black
#? [(?=.*\bD4\b)(?=.*\bQ16\b)(?=.*\bD16\b)(?=.*\bQ4\b)(?=.*\bD10\b)(?=.*\bQ10\b)(?=.*\bK4\b)(?=.*\bK16\b)(?=.*\bK10\b)\S+(?:\s+\S+){8}]

# --- 13x13
boardsize 13
clear_board
20 fixed_handicap 2
#? [(?=.*\bD4\b)(?=.*\bK10\b)\S+(?:\s+\S+){1}]
21 list_stones black
#? [(?=.*\bD4\b)(?=.*\bK10\b)\S+(?:\s+\S+){1}]
clear_board
22 fixed_handicap 3
#? [(?=.*\bD4\b)(?=.*\bK10\b)(?=.*\bD10\b)\S+(?:\s+\S+){2}]
23 list_stones black
#? [(?=.*\bD4\b)(?=.*\bK10\b)(?=.*\bD10\b)\S+(?:\s+\S+){2}]
clear_board
24 fixed_handicap 4
#? [(?=.*\bD4\b)(?=.*\bK10\b)(?=.*\bD10\b)(?=.*\bK4\b)\S+(?:\s+\S+){3}]
25 list_stones black
#? [(?=.*\bD4\b)(?=.*\bK10\b)(?=.*\bD10\b)(?=.*\bK4\b)\S+(?:\s+\S+){3}]
clear_board
26 fixed_handicap 5
#? [(?=.*\bD4\b)(?=.*\bK10\b)(?=.*\bD10\b)(?=.*\bK4\b)(?=.*\bG7\b)\S+(?:\s+\S+){4}]
27 list_stones black
#? [(?=.*\bD4\b)(?=.*\bK10\b)(?=.*\bD10\b)(?=.*\bK4\b)(?=.*\bG7\b)\S+(?:\s+\S+){4}]
clear_board
28 fixed_handicap 6
#? [(?=.*\bD4\b)(?=.*\bK10\b)(?=.*\bD10\b)(?=.*\bK4\b)(?=.*\bD7\b)(?=.*\bK7\b)\S+(?:\s+\S+){5}]
29 list_stones black
#? [(?=.*\bD4\b)(?=.*\bK10\b)(?=.*\bD10\b)(?=.*\bK4\b)(?=.*\bD7\b)(?=.*\bK7\b)\S+(?:\s+\S+){5}]
clear_board
30 fixed_handicap 7
#? [(?=.*\bD4\b)(?=.*\bK10\b)(?=.*\bD10\b)(?=.*\bK4\b)(?=.*\bD7\b)(?=.*\bK7\b)(?=.*\bG7\b)\S+(?:\s+\S+){6}]
31 list_stones black
#? [(?=.*\bD4\b)(?=.*\bK10\b)(?=.*\bD10\b)(?=.*\bK4\b)(?=.*\bD7\b)(?=.*\bK7\b)(?=.*\bG7\b)\S+(?:\s+\S+){6}]
clear_board
32 fixed_handicap 8
#? [(?=.*\bD4\b)(?=.*\bK10\b)(?=.*\bD10\b)(?=.*\bK4\b)(?=.*\bD7\b)(?=.*\bK7\b)(?=.*\bG4\b)(?=.*\bG10\b)\S+(?:\s+\S+){7}]
33 list_stones black
#? [(?=.*\bD4\b)(?=.*\bK10\b)(?=.*\bD10\b)(?=.*\bK4\b)(?=.*\bD7\b)(?=.*\bK7\b)(?=.*\bG4\b)(?=.*\bG10\b)\S+(?:\s+\S+){7}]
clear_board
34 fixed_handicap 9
#? [(?=.*\bD4\b)(?=.*\bK10\b)(?=.*\bD10\b)(?=.*\bK4\b)(?=.*\bD7\b)(?=.*\bK7\b)(?=.*\bG4\b)(?=.*\bG10\b)(?=.*\bG7\b)\S+(?:\s+\S+){8}]
35 list_stones black
#? [(?=.*\bD4\b)(?=.*\bK10\b)(?=.*\bD10\b)(?=.*\bK4\b)(?=.*\bD7\b)(?=.*\bK7\b)(?=.*\bG4\b)(?=.*\bG10\b)(?=.*\bG7\b)\S+(?:\s+\S+){8}]

# --- 9x9
boardsize 9
clear_board
40 fixed_handicap 2
#? [(?=.*\bC3\b)(?=.*\bG7\b)\S+(?:\s+\S+){1}]
41 list_stones black
#? [(?=.*\bC3\b)(?=.*\bG7\b)\S+(?:\s+\S+){1}]
clear_board
42 fixed_handicap 3
#? [(?=.*\bC3\b)(?=.*\bG7\b)(?=.*\bC7\b)\S+(?:\s+\S+){2}]
43 list_stones black
#? [(?=.*\bC3\b)(?=.*\bG7\b)(?=.*\bC7\b)\S+(?:\s+\S+){2}]
clear_board
44 fixed_handicap 4
#? [(?=.*\bC3\b)(?=.*\bG7\b)(?=.*\bC7\b)(?=.*\bG3\b)\S+(?:\s+\S+){3}]
45 list_stones black
#? [(?=.*\bC3\b)(?=.*\bG7\b)(?=.*\bC7\b)(?=.*\bG3\b)\S+(?:\s+\S+){3}]
clear_board
46 fixed_handicap 5
#? [(?=.*\bC3\b)(?=.*\bG7\b)(?=.*\bC7\b)(?=.*\bG3\b)(?=.*\bE5\b)\S+(?:\s+\S+){4}]
47 list_stones black
#? [(?=.*\bC3\b)(?=.*\bG7\b)(?=.*\bC7\b)(?=.*\bG3\b)(?=.*\bE5\b)\S+(?:\s+\S+){4}]
clear_board
48 fixed_handicap 6
#? [(?=.*\bC3\b)(?=.*\bG7\b)(?=.*\bC7\b)(?=.*\bG3\b)(?=.*\bC5\b)(?=.*\bG5\b)\S+(?:\s+\S+){5}]
49 list_stones black
#? [(?=.*\bC3\b)(?=.*\bG7\b)(?=.*\bC7\b)(?=.*\bG3\b)(?=.*\bC5\b)(?=.*\bG5\b)\S+(?:\s+\S+){5}]
clear_board
50 fixed_handicap 7
#? [(?=.*\bC3\b)(?=.*\bG7\b)(?=.*\bC7\b)(?=.*\bG3\b)(?=.*\bC5\b)(?=.*\bG5\b)(?=.*\bE5\b)\S+(?:\s+\S+){6}]
51 list_stones black
#? [(?=.*\bC3\b)(?=.*\bG7\b)(?=.*\bC7\b)(?=.*\bG3\b)(?=.*\bC5\b)(?=.*\bG5\b)(?=.*\bE5\b)\S+(?:\s+\S+){6}]
clear_board
52 fixed_handicap 8
#? [(?=.*\bC3\b)(?=.*\bG7\b)(?=.*\bC7\b)(?=.*\bG3\b)(?=.*\bC5\b)(?=.*\bG5\b)(?=.*\bE3\b)(?=.*\bE7\b)\S+(?:\s+\S+){7}]
53 list_stones black
#? [(?=.*\bC3\b)(?=.*\bG7\b)(?=.*\bC7\b)(?=.*\bG3\b)(?=.*\bC5\b)(?=.*\bG5\b)(?=.*\bE3\b)(?=.*\bE7\b)\S+(?:\s+\S+){7}]
clear_board
54 fixed_handicap 9
#? [(?=.*\bC3\b)(?=.*\bG7\b)(?=.*\bC7\b)(?=.*\bG3\b)(?=.*\bC5\b)(?=.*\bG5\b)(?=.*\bE3\b)(?=.*\bE7\b)(?=.*\bE5\b)\S+(?:\s+\S+){8}]
55 list_stones black
#? [(?=.*\bC3\b)(?=.*\bG7\b)(?=.*\bC7\b)(?=.*\bG3\b)(?=.*\bC5\b)(?=.*\bG5\b)(?=.*\bE3\b)(?=.*\bE7\b)(?=.*\bE5\b)\S+(?:\s+\S+){8}]

# --- 7x7
boardsize 7
clear_board
60 fixed_handicap 2
#? [(?=.*\bC3\b)(?=.*\bE5\b)\S+(?:\s+\S+){1}]
61 list_stones black
#? [(?=.*\bC3\b)(?=.*\bE5\b)\S+(?:\s+\S+){1}]
clear_board
62 fixed_handicap 3
#? [(?=.*\bC3\b)(?=.*\bE5\b)(?=.*\bC5\b)\S+(?:\s+\S+){2}]
63 list_stones black
#? [(?=.*\bC3\b)(?=.*\bE5\b)(?=.*\bC5\b)\S+(?:\s+\S+){2}]
clear_board
64 fixed_handicap 4
#? [(?=.*\bC3\b)(?=.*\bE5\b)(?=.*\bC5\b)(?=.*\bE3\b)\S+(?:\s+\S+){3}]
65 list_stones black
#? [(?=.*\bC3\b)(?=.*\bE5\b)(?=.*\bC5\b)(?=.*\bE3\b)\S+(?:\s+\S+){3}]

# --- Limits: 2..9 on odd sizes from 9, 2..4 on the others from 7.
boardsize 19
70 fixed_handicap 10
#? [invalid handicap]*
71 fixed_handicap 1
#? [invalid handicap]*
72 fixed_handicap 0
#? [invalid handicap]*
73 fixed_handicap -2
#? [invalid handicap|syntax error]*
74 fixed_handicap many
#? [syntax error]*
75 list_stones black
#? []
boardsize 13
76 fixed_handicap 10
#? [invalid handicap]*
boardsize 9
77 fixed_handicap 10
#? [invalid handicap]*
boardsize 7
78 fixed_handicap 5
#? [invalid handicap]*
boardsize 6
79 fixed_handicap 2
#? [invalid handicap]*
boardsize 8
80 fixed_handicap 5
#? [invalid handicap]*
81 fixed_handicap 4
#? [(?=.*\bC3\b)(?=.*\bF6\b)(?=.*\bC6\b)(?=.*\bF3\b)\S+(?:\s+\S+){3}]
boardsize 10
82 fixed_handicap 5
#? [invalid handicap]*
boardsize 11
83 fixed_handicap 10
#? [invalid handicap]*
# 11x11: still the 3rd line.
84 fixed_handicap 9
#? [(?=.*\bC3\b)(?=.*\bJ9\b)(?=.*\bC9\b)(?=.*\bJ3\b)(?=.*\bC6\b)(?=.*\bJ6\b)(?=.*\bF3\b)(?=.*\bF9\b)(?=.*\bF6\b)\S+(?:\s+\S+){8}]
boardsize 12
85 fixed_handicap 5
#? [invalid handicap]*
# 12x12: the 4th line.
86 fixed_handicap 4
#? [(?=.*\bD4\b)(?=.*\bJ9\b)(?=.*\bD9\b)(?=.*\bJ4\b)\S+(?:\s+\S+){3}]
boardsize 25
87 fixed_handicap 2
#? [(?=.*\bD4\b)(?=.*\bW22\b)\S+(?:\s+\S+){1}]

# --- Only on an empty board, and never undone.
boardsize 19
fixed_handicap 4
90 fixed_handicap 2
#? [board not empty]*
91 place_free_handicap 2
#? [board not empty]*
92 set_free_handicap K10 K4
#? [board not empty]*
93 undo
#? [cannot undo]*
94 list_stones black
#? [(?=.*\bD4\b)(?=.*\bQ16\b)(?=.*\bD16\b)(?=.*\bQ4\b)\S+(?:\s+\S+){3}]
# White moves next, and from then on undo takes back moves only.
95 play white K10
#? []
96 undo
#? []
97 undo
#? [cannot undo]*
98 list_stones black
#? [(?=.*\bD4\b)(?=.*\bQ16\b)(?=.*\bD16\b)(?=.*\bQ4\b)\S+(?:\s+\S+){3}]
clear_board
play black K10
99 fixed_handicap 2
#? [board not empty]*
100 list_stones black
#? [K10]

# --- place_free_handicap: the engine chooses, exactly as many stones as
# asked (gtp2ogs resigns on a wrong count), all on the board and distinct.
boardsize 19
110 place_free_handicap 2
#? [[A-HJ-T](?:1[0-9]|[1-9])(?: [A-HJ-T](?:1[0-9]|[1-9])){1}]
111 list_stones black
#? [\S+(?: \S+){1}]
clear_board
112 place_free_handicap 9
#? [[A-HJ-T](?:1[0-9]|[1-9])(?: [A-HJ-T](?:1[0-9]|[1-9])){8}]
113 list_stones black
#? [\S+(?: \S+){8}]
clear_board
114 place_free_handicap 12
#? [[A-HJ-T](?:1[0-9]|[1-9])(?: [A-HJ-T](?:1[0-9]|[1-9])){11}]
115 list_stones black
#? [\S+(?: \S+){11}]
116 undo
#? [cannot undo]*
clear_board
117 place_free_handicap 1
#? [invalid handicap]*
118 place_free_handicap 0
#? [invalid handicap]*
119 place_free_handicap two
#? [syntax error]*
120 list_stones black
#? []
boardsize 13
121 place_free_handicap 4
#? [[A-HJ-N](?:1[0-3]|[1-9])(?: [A-HJ-N](?:1[0-3]|[1-9])){3}]
122 list_stones black
#? [\S+(?: \S+){3}]
boardsize 9
123 place_free_handicap 5
#? [[A-HJ][1-9](?: [A-HJ][1-9]){4}]
124 list_stones black
#? [\S+(?: \S+){4}]

# --- set_free_handicap: at least two stones, no repeats, no pass; White
# moves next. Refused lists change nothing.
boardsize 19
130 set_free_handicap D4
#? [invalid handicap]*
131 set_free_handicap D4 D4
#? [invalid handicap|repeated vertex]*
132 set_free_handicap D4 pass
#? [invalid handicap|invalid coordinate]*
133 set_free_handicap D4 Z99
#? [invalid coordinate|syntax error|invalid handicap]*
134 set_free_handicap
#? [invalid handicap]*
135 list_stones black
#? []
136 set_free_handicap D4 Q16 K10
#? []
137 list_stones black
#? [(?=.*\bD4\b)(?=.*\bQ16\b)(?=.*\bK10\b)\S+(?:\s+\S+){2}]
138 set_free_handicap A1 A2
#? [board not empty]*
139 undo
#? [cannot undo]*
140 list_stones white
#? []
# Any points will do, also ones next to each other and on the edge.
boardsize 9
141 set_free_handicap a1 B1 c1 J9
#? []
142 list_stones black
#? [(?=.*\bA1\b)(?=.*\bB1\b)(?=.*\bC1\b)(?=.*\bJ9\b)\S+(?:\s+\S+){3}]
boardsize 13
143 set_free_handicap G7 G6
#? []
144 countlib G7
#? [6]
# A move that was taken back leaves the board empty: handicap is possible.
clear_board
play black G7
undo
145 set_free_handicap G7 G6
#? []
146 list_stones black
#? [G7 G6|G6 G7]
