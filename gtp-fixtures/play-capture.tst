# play and captures: place the stone, remove
# every opponent chain left without liberties, count the prisoners.
# Moves of one colour in a row are not illegal in GTP.

boardsize 9
clear_board

# --- One stone captured in the middle (E4 and E5 lie in different words of
# a 32-bit bitboard: points 31 and 40).
play black E5
play white D5
play white F5
play white E4
1 countlib E5
#? [1]
2 play white E6
#? []
3 color E5
#? [empty]
4 captures white
#? [1]
5 captures black
#? [0]
6 list_stones black
#? []
7 list_stones white
#? [(?=.*\bD5\b)(?=.*\bF5\b)(?=.*\bE4\b)(?=.*\bE6\b)\S+(?:\s+\S+){3}]

# --- A corner stone: one liberty left, then none.
clear_board
play black A1
play white A2
10 color A1
#? [black]
11 countlib A1
#? [1]
12 play white B1
#? []
13 color A1
#? [empty]
14 captures white
#? [1]
# The capturing stone A2 gained the liberty at A1 (A1 A3 B2).
15 countlib A2
#? [3]

# --- Two separate chains captured by one move.
clear_board
play black D5
play black F5
play white D4
play white D6
play white C5
play white F4
play white F6
play white G5
20 countlib D5
#? [1]
21 countlib F5
#? [1]
22 play white E5
#? []
23 list_stones black
#? []
24 captures white
#? [2]
25 countlib E5
#? [4]

# --- A two-stone chain on the edge.
clear_board
play black A5
play black A6
play white A4
play white B5
play white B6
30 countlib A5
#? [1]
31 findlib A6
#? [A7]
32 play white A7
#? []
33 list_stones black
#? []
34 captures white
#? [2]
35 countlib A4
#? [3]
36 countlib B5
#? [6]

# --- A move without liberties that captures is not suicide: black A1
# removes both A2 and B1 and then has two liberties.
clear_board
play white A2
play white B1
play black C1
play black B2
play black A3
40 is_legal black A1
#? [1]
41 play black A1
#? []
42 list_stones white
#? []
43 captures black
#? [2]
44 findlib A1
#? [A2 B1|B1 A2]

# --- Snapback. White C1 C2 D2 E2 has two liberties, D1 and E1. Black throws
# in at D1 (self-atari, legal); White takes it at E1; Black takes back at D1,
# capturing the five stones.
clear_board
play black B1
play black B2
play black C3
play black D3
play black E3
play black F2
play black F1
play white C1
play white C2
play white D2
play white E2
50 countlib C1
#? [2]
51 findlib E2
#? [D1 E1|E1 D1]
52 play black D1
#? []
53 countlib D1
#? [1]
54 play white E1
#? []
55 color D1
#? [empty]
56 captures white
#? [1]
57 countlib E1
#? [1]
58 play black D1
#? []
59 captures black
#? [5]
60 list_stones white
#? []
61 countlib D1
#? [3]

# --- Two moves of one colour in a row are legal in GTP.
clear_board
70 play black C3
#? []
71 play black D3
#? []
72 play black E3
#? []
73 countlib D3
#? [8]
74 play white E4
#? []
75 play white E5
#? []
76 countlib E4
#? [5]

# --- The same on 13x13 and 19x19, in the far corner and on the edge.
boardsize 13
play black N13
play white M13
80 countlib N13
#? [1]
81 play white N12
#? []
82 list_stones black
#? []
83 captures white
#? [1]
boardsize 19
play black T10
play black T11
play white T9
play white T12
play white S10
84 findlib T11
#? [S11]
85 play white S11
#? []
86 list_stones black
#? []
87 captures white
#? [2]
# A chain across the middle of 19x19 (bitboard points 180-182 and 199-201
# straddle a 32-bit word boundary at 192).
play black K10
play black L10
play black M10
play white K9
play white L9
play white M9
play white J10
play white N10
play white K11
play white L11
88 countlib K10
#? [1]
89 play white M11
#? []
90 captures white
#? [5]
91 list_stones black
#? []
