# final_score under every preset on hand-counted positions. Counting: area = stones + regions; territory = regions + prisoners +
# dead stones; komi (and in area counting the handicap bonus: N in chinese,
# N-1 in aga) goes to White. Every stone here is plainly alive, and the
# prisoners were captured in play, so no dead-stone judgement is involved.

# --- The worked example (sgf/worked-example.sgf; 9x9, komi 7.5): Black 14 stones and
# 27 points (A-C), White 13 stones and 27 points (G-J).
boardsize 9
clear_board
komi 7.5
play black D1
play white F1
play black D2
play white F2
play black D3
play white F3
play black D4
play white F4
play black D5
play white F5
play black D6
play white F6
play black D7
play white F7
play black D8
play white F8
play black D9
play white F9
play black E1
play white E2
play black E3
play white E4
play black E5
play white E6
play black E7
play white E8
play black E9
play white pass
play black pass
play white pass
1 list_stones black
#? [(?=.*\bD1\b)(?=.*\bD5\b)(?=.*\bD9\b)(?=.*\bE1\b)(?=.*\bE3\b)(?=.*\bE5\b)(?=.*\bE7\b)(?=.*\bE9\b)\S+(?:\s+\S+){13}]
2 list_stones white
#? [(?=.*\bF1\b)(?=.*\bF9\b)(?=.*\bE2\b)(?=.*\bE4\b)(?=.*\bE6\b)(?=.*\bE8\b)\S+(?:\s+\S+){12}]
# Area: 41 against 40 + 7.5.
kata-set-rules chinese
3 final_score
#? [W\+6\.5]
# Territory: 27 against 27 + 7.5.
kata-set-rules japanese
4 final_score
#? [W\+7\.5]
kata-set-rules korean
5 final_score
#? [W\+7\.5]
# aga: area, the same margin as territory with pass stones (27 + 2 against
# 27 + 1 + 7.5).
kata-set-rules aga
6 final_score
#? [W\+6\.5]
kata-set-rules new-zealand
7 final_score
#? [W\+6\.5]
kata-set-rules tromp-taylor
8 final_score
#? [W\+6\.5]
# kgs-rules names, and the preset never changes the komi.
kgs-rules japanese
9 final_score
#? [W\+7\.5]
kgs-rules chinese
10 final_score
#? [W\+6\.5]

# Komi 0: area 41-40, territory 27-27 (a draw is `0`).
komi 0
kata-set-rules chinese
11 final_score
#? [B\+1]
kata-set-rules japanese
12 final_score
#? [0]
kata-set-rules aga
13 final_score
#? [B\+1]
kata-set-rules tromp-taylor
14 final_score
#? [B\+1]
# Half-point komi: no draw.
komi 0.5
kata-set-rules japanese
15 final_score
#? [W\+0\.5]
kata-set-rules chinese
16 final_score
#? [B\+0\.5]
komi -2
kata-set-rules korean
17 final_score
#? [B\+2]

# --- Prisoners. Play resumes: White B5 inside Black's area, captured by
# Black B6 B4 A5 C5. Black: 18 stones, 23 points, 1 prisoner.
komi 7.5
play white B5
play black B6
play black B4
play black A5
play black C5
20 captures black
#? [1]
21 color B5
#? [empty]
# Area: 18 + 23 = 41 against 13 + 27 + 7.5 (unchanged: moves inside one's
# own area cost nothing).
kata-set-rules chinese
22 final_score
#? [W\+6\.5]
kata-set-rules aga
23 final_score
#? [W\+6\.5]
# Territory: 23 + 1 = 24 against 27 + 7.5 (Black filled 4 points of its own).
kata-set-rules japanese
24 final_score
#? [W\+10\.5]
kata-set-rules korean
25 final_score
#? [W\+10\.5]
# Then Black H5 inside White's area, captured by White H6 H4 G5 J5:
# White 17 stones, 23 points, 1 prisoner.
play black H5
play white H6
play white H4
play white G5
play white J5
26 captures white
#? [1]
kata-set-rules chinese
27 final_score
#? [W\+6\.5]
kata-set-rules japanese
# 24 against 23 + 1 + 7.5.
28 final_score
#? [W\+7\.5]
kata-set-rules tromp-taylor
29 final_score
#? [W\+6\.5]

# --- A neutral point. The worked example before move 27 (E9 not played):
# E9 touches D9 (Black) and F9 (White) and counts for nobody.
# Black 13 + 27 = 40, White 13 + 27 = 40.
kata-set-rules chinese
komi 7.5
loadsgf sgf/worked-example.sgf 27
30 color E9
#? [empty]
31 final_score
#? [W\+7\.5]
kata-set-rules japanese
32 final_score
#? [W\+7\.5]
# komi from the file (KM[7.5]) replaced ours; a new komi counts at once.
komi 1
kata-set-rules chinese
33 final_score
#? [W\+1]

# --- Handicap compensation. Black gets D1 and D2 of the worked example as
# free handicap stones; the rest is played out to the same final board.
boardsize 9
clear_board
komi 7.5
kata-set-rules chinese
40 set_free_handicap D1 D2
#? []
play white F1
play white F2
play black D3
play white F3
play black D4
play white F4
play black D5
play white F5
play black D6
play white F6
play black D7
play white F7
play black D8
play white F8
play black D9
play white F9
play black E1
play white E2
play black E3
play white E4
play black E5
play white E6
play black E7
play white E8
play black E9
play white pass
play black pass
play white pass
# chinese: 41 against 40 + 7.5 + 2.
41 final_score
#? [W\+8\.5]
# aga: 41 against 40 + 7.5 + (2 - 1).
kata-set-rules aga
42 final_score
#? [W\+7\.5]
# No compensation in the others.
kata-set-rules japanese
43 final_score
#? [W\+7\.5]
kata-set-rules korean
44 final_score
#? [W\+7\.5]
kata-set-rules new-zealand
45 final_score
#? [W\+6\.5]
kata-set-rules tromp-taylor
46 final_score
#? [W\+6\.5]

# Fixed handicap on an otherwise empty 9x9, komi 0.5: Black's stones own the
# whole board (81 points of area; 81 - N of territory).
kata-set-rules chinese
komi 0.5
clear_board
fixed_handicap 2
play white pass
play black pass
play white pass
# 81 against 0.5 + 2.
47 final_score
#? [B\+78\.5]
kata-set-rules aga
# 81 against 0.5 + 1.
48 final_score
#? [B\+79\.5]
kata-set-rules japanese
# 79 against 0.5.
49 final_score
#? [B\+78\.5]
kata-set-rules new-zealand
50 final_score
#? [B\+80\.5]
kata-set-rules chinese
clear_board
fixed_handicap 4
# 81 against 0.5 + 4.
51 final_score
#? [B\+76\.5]
kata-set-rules aga
# 81 against 0.5 + 3.
52 final_score
#? [B\+77\.5]
kata-set-rules tromp-taylor
53 final_score
#? [B\+80\.5]
# clear_board ends the handicap: no more compensation.
kata-set-rules chinese
clear_board
play black E5
54 final_score
#? [B\+80\.5]

# --- 13x13 (setup stones, no komi in the file): Black E1-E13 and F1 F3 ...
# F13 (20 stones) with A-D (52 points); White G1-G13 and F2 ... F12 (19
# stones) with H-N (78 points).
komi 7.5
kata-set-rules chinese
60 loadsgf sgf/wall13.sgf
#? [black]
# Area: 72 against 97 + 7.5.
61 final_score
#? [W\+32\.5]
kata-set-rules japanese
# Territory: 52 against 78 + 7.5.
62 final_score
#? [W\+33\.5]
kata-set-rules aga
63 final_score
#? [W\+32\.5]
komi 6.5
kata-set-rules korean
64 final_score
#? [W\+32\.5]
kata-set-rules new-zealand
65 final_score
#? [W\+31\.5]

# --- 19x19 with a capture: walls J (Black) and L (White) with K shared
# (Black 29 stones and A-H, 152 points; White 28 stones and M-T, 152
# points); then White C3 is captured by Black C2 C4 B3 D3.
komi 7.5
kata-set-rules chinese
70 loadsgf sgf/capture19.sgf
#? [white]
71 captures black
#? [1]
# Area: 33 + 148 = 181 against 28 + 152 + 7.5.
72 final_score
#? [W\+6\.5]
kata-set-rules japanese
# Territory: 148 + 1 = 149 against 152 + 7.5.
73 final_score
#? [W\+10\.5]
kata-set-rules aga
74 final_score
#? [W\+6\.5]
kata-set-rules tromp-taylor
75 final_score
#? [W\+6\.5]
