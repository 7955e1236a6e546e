# Suicide per preset: illegal in chinese, japanese, korean and
# aga; new_zealand and tromp-taylor allow multi-stone suicide (the chain is
# removed and counts as captured by the opponent). Single-stone suicide
# recreates the previous position, so superko forbids it under every preset.
# A move that captures is never suicide.

boardsize 9
clear_board

# --- Single-stone suicide at A1 (White A2 and B1 keep their liberties).
play white A2
play white B1
kata-set-rules chinese
1 is_legal black A1
#? [0]
kata-set-rules japanese
2 is_legal black A1
#? [0]
kata-set-rules korean
3 is_legal black A1
#? [0]
kata-set-rules aga
4 is_legal black A1
#? [0]
kata-set-rules new-zealand
5 is_legal black A1
#? [0]
kata-set-rules tromp-taylor
6 is_legal black A1
#? [0]
7 play black A1
#? [illegal move \(.*\(superko\)\)]*
8 list_stones black
#? []
# White may play there: A1 joins A2 and B1 into one chain with liberties.
9 is_legal white A1
#? [1]

# --- Two-stone suicide: Black A1 is already there; Black A2 would leave the
# chain A1 A2 with no liberty while capturing nothing (White B1 B2 still has
# C1 C2 B3, White A3 has A4 B3).
clear_board
play black A1
play white B1
play white B2
play white A3
kata-set-rules chinese
10 is_legal black A2
#? [0]
kata-set-rules japanese
11 is_legal black A2
#? [0]
kata-set-rules korean
12 is_legal black A2
#? [0]
kata-set-rules aga
13 is_legal black A2
#? [0]
14 play black A2
#? [illegal move \(the move is suicide\)]*
15 list_stones black
#? [A1]
kata-set-rules new-zealand
16 is_legal black A2
#? [1]
kata-set-rules tromp-taylor
17 is_legal black A2
#? [1]
# Played under tromp-taylor: both black stones leave the board and White
# gets them as prisoners.
18 play black A2
#? []
19 list_stones black
#? []
20 color A1
#? [empty]
21 captures white
#? [2]
22 captures black
#? [0]
# undo puts A1 back and takes the prisoners away.
23 undo
#? []
24 list_stones black
#? [A1]
25 captures white
#? [0]
kata-set-rules new-zealand
26 play black A2
#? []
27 list_stones black
#? []
28 captures white
#? [2]

# kgs-rules switches suicide the same way.
clear_board
play black A1
play white B1
play white B2
play white A3
kgs-rules new_zealand
29 is_legal black A2
#? [1]
kgs-rules japanese
30 is_legal black A2
#? [0]
kgs-rules aga
31 is_legal black A2
#? [0]
kgs-rules chinese
32 is_legal black A2
#? [0]

# --- A three-stone suicide in the middle: Black D5 E5 with White around;
# Black F5 fills the last liberty of D5 E5 F5.
clear_board
play black D5
play black E5
play white C5
play white D4
play white E4
play white F4
play white D6
play white E6
play white F6
play white G5
kata-set-rules chinese
33 is_legal black F5
#? [0]
kata-set-rules tromp-taylor
34 is_legal black F5
#? [1]
35 play black F5
#? []
36 captures white
#? [3]
37 list_stones black
#? []
38 countlib C5
#? [4]

# --- A capture is never suicide, under any preset: Black A1 takes White A2
# and B1 (each left without liberty) although A1 itself had none.
clear_board
play white A2
play white B1
play black C1
play black B2
play black A3
kata-set-rules chinese
40 is_legal black A1
#? [1]
kata-set-rules japanese
41 is_legal black A1
#? [1]
kata-set-rules korean
42 is_legal black A1
#? [1]
kata-set-rules aga
43 is_legal black A1
#? [1]
kata-set-rules new-zealand
44 is_legal black A1
#? [1]
kata-set-rules tromp-taylor
45 is_legal black A1
#? [1]

# --- Positional against situational superko on a suicide. White B1 B2 A3
# stand before Black A1 is played; White passes; Black A2 is a two-stone
# suicide whose result, White B1 B2 A3 alone, occurred before (after White
# A3, with Black to move). Now White would be to move: a different
# situation, so new_zealand (situational) allows it, tromp-taylor
# (positional) does not.
clear_board
play white B1
play white B2
play white A3
play black A1
play white pass
kata-set-rules tromp-taylor
50 is_legal black A2
#? [0]
kata-set-rules new-zealand
51 is_legal black A2
#? [1]
kata-set-rules chinese
52 is_legal black A2
#? [0]
kata-set-rules new-zealand
53 play black A2
#? []
54 list_stones black
#? []
55 captures white
#? [2]

# --- 13x13 and 19x19: two-stone suicide in the corner.
boardsize 13
play black N1
play white M1
play white M2
play white N3
kata-set-rules japanese
60 is_legal black N2
#? [0]
kata-set-rules tromp-taylor
61 is_legal black N2
#? [1]
boardsize 19
play black T19
play white S19
play white S18
play white T17
kata-set-rules korean
62 is_legal black T18
#? [0]
kata-set-rules new-zealand
63 is_legal black T18
#? [1]
64 play black T18
#? []
65 list_stones black
#? []
66 captures white
#? [2]
