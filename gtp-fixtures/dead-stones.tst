# Dead stones and seki at the end of the game: final_status_list dead|alive|seki,
# final_status and final_score on settled positions (borders closed, no open
# fight, at most a neutral point left), four 9x9 and two 19x19, loaded from
# sgf/dead-*.sgf, then three real 19x19 games (at the end). The engine judges
# the dead stones itself, so these are the fixtures where final_score depends
# on it.
#
# Every expected value of the six constructed positions was worked out by
# hand: dead stones are removed, then area = stones
# + regions (chinese, aga, new-zealand, tromp-taylor) and territory =
# regions + prisoners + dead stones (japanese, korean); a region touching
# both colours counts for nobody, and there is no special seki rule (an eye
# in a seki counts for its owner, the shared liberties for nobody). Komi
# goes to White and is set explicitly after each loadsgf (the files say
# KM[7.5]): 7.5 for area, 6.5 for territory. No handicap, so no
# compensation. GNU Go 3.8 agrees on every dead and seki list; its
# final_score differs by one point where a neutral point is left, because
# it fills that point in its playout of the aftermath.

# --- dead-9-singles: single dead stones. White's upper right (F7-J9 and
# G6) holds Black H7, alone with two liberties (G7 H8) next to White H6;
# Black's lower left (A1-E2, A3, A4) holds White B3, with two liberties
# (A3 B2) under Black's wall: neither can make an eye. Setup, then White
# J7 captured Black J6 (1 prisoner), Black passed, White passed.
10 loadsgf sgf/dead-9-singles.sgf
#? [black]
11 captures white
#? [1]
komi 7.5
kata-set-rules chinese
12 final_status_list dead
#? [(?=.*\bB3\b)(?=.*\bH7\b)\S+(?:\s+\S+){1}]
13 final_status_list seki
#? []
# 17 black and 20 white stones stay.
14 final_status_list alive
#? [(?=.*\bJ7\b)(?=.*\bH6\b)(?=.*\bA5\b)(?=.*\bD5\b)(?=.*\bG1\b)(?!.*\bB3\b)(?!.*\bH7\b)\S+(?:\s+\S+){36}]
15 final_status H7
#? [dead]
16 final_status B3
#? [dead]
17 final_status J6
#? [white_territory]
# Black regions: upper left 9 (A9 B9 C9 A8 B8 C8 A7 B7 A6) + lower left 13
# (A1-E1, A2-E2, A3, B3, A4) = 22. White regions: upper right 12 (F9-J9,
# F8-J8, F7 G7 H7, G6) + J6 1 + E5 1 + lower right 8 (H1-J4) = 22.
# Area: black 17 + 22 = 39, white 20 + 22 = 42; 39 against 42 + 7.5: W+10.5.
18 final_score
#? [W\+10\.5]
# aga, new-zealand and tromp-taylor count area too (same komi, no handicap).
kata-set-rules aga
19 final_score
#? [W\+10\.5]
kata-set-rules new-zealand
20 final_score
#? [W\+10\.5]
kata-set-rules tromp-taylor
21 final_score
#? [W\+10\.5]
# Territory: black 22 + 1 dead (B3) = 23; white 22 + 1 dead (H7)
# + 1 prisoner (J6) = 24; 23 against 24 + 6.5: W+7.5.
komi 6.5
kata-set-rules japanese
22 final_score
#? [W\+7\.5]
kata-set-rules korean
23 final_score
#? [W\+7\.5]

# --- dead-9-groups: dead groups. Black's lower left holds White C3 C2 D2:
# three stones with two liberties (C1 D1) in a corner Black has already
# narrowed with B3 B2 D3 E1 E2. White's upper right holds Black G8 H8 J8
# H9: one eye (J9) and one outside liberty (G9) that White can fill from
# F9; Black filling G9 is self-atari.
30 loadsgf sgf/dead-9-groups.sgf
#? [black]
komi 7.5
kata-set-rules chinese
31 final_status_list dead
#? [(?=.*\bC3\b)(?=.*\bC2\b)(?=.*\bD2\b)(?=.*\bG8\b)(?=.*\bH8\b)(?=.*\bJ8\b)(?=.*\bH9\b)\S+(?:\s+\S+){6}]
32 final_status_list seki
#? []
# 21 black and 19 white stones stay.
33 final_status_list alive
#? [(?=.*\bG7\b)(?=.*\bH7\b)(?=.*\bJ7\b)(?=.*\bF8\b)(?=.*\bB2\b)(?=.*\bB3\b)(?=.*\bD3\b)(?=.*\bE1\b)(?!.*\bC3\b)(?!.*\bC2\b)(?!.*\bD2\b)(?!.*\bG8\b)(?!.*\bH8\b)(?!.*\bJ8\b)(?!.*\bH9\b)\S+(?:\s+\S+){39}]
34 final_status J9
#? [white_territory]
35 final_status D1
#? [black_territory]
# Black regions: upper left 13 (A9-C9, A8-C8, A7-C7, A6 B6, A5 B5) + lower
# left 9 (A1-D1, A2, A3, C2 D2 C3) + F1 G1 F2 G2 4 = 26. White regions:
# F7 F6 G6 H6 J6 F5 G5 H5 J5 9 + upper right 6 (G9 H9 J9 G8 H8 J8) = 15.
# Area: black 21 + 26 = 47, white 19 + 15 = 34; 47 against 34 + 7.5: B+5.5.
36 final_score
#? [B\+5\.5]
# Territory: black 26 + 3 dead = 29; white 15 + 4 dead = 19; 29 against
# 19 + 6.5: B+3.5.
komi 6.5
kata-set-rules japanese
37 final_score
#? [B\+3\.5]

# --- dead-9-seki: a seki and a dead stone. In the lower left Black's
# A4-E4 A5-E5 E3 E2 E1 (13 stones, inside White's wall A6-F6 F1-F5) and
# White's A1-C1 A2-D2 A3-C3 (10 stones) have no eye and share their only
# liberties D1 and D3: whoever fills one is captured, and the capturer
# lives with the space (11 or 14 points). Neither is dead. White H4 (two
# liberties H5 J4, next to Black G4 H3) is dead in Black's right side.
40 loadsgf sgf/dead-9-seki.sgf
#? [black]
komi 7.5
kata-set-rules chinese
41 final_status_list dead
#? [H4]
42 final_status_list seki
#? [(?=.*\bA1\b)(?=.*\bB1\b)(?=.*\bC1\b)(?=.*\bA2\b)(?=.*\bB2\b)(?=.*\bC2\b)(?=.*\bD2\b)(?=.*\bA3\b)(?=.*\bB3\b)(?=.*\bC3\b)(?=.*\bA4\b)(?=.*\bB4\b)(?=.*\bC4\b)(?=.*\bD4\b)(?=.*\bE4\b)(?=.*\bA5\b)(?=.*\bB5\b)(?=.*\bC5\b)(?=.*\bD5\b)(?=.*\bE5\b)(?=.*\bE3\b)(?=.*\bE2\b)(?=.*\bE1\b)\S+(?:\s+\S+){22}]
# The walls around the seki are plainly alive: 11 black and 15 white stones.
43 final_status_list alive
#? [(?=.*\bA6\b)(?=.*\bE6\b)(?=.*\bF5\b)(?=.*\bF1\b)(?=.*\bG1\b)(?=.*\bG4\b)(?=.*\bH3\b)(?!.*\bH4\b)(?!.*\bA1\b)(?!.*\bE5\b)\S+(?:\s+\S+){25}]
44 final_status C3
#? [seki]
45 final_status E5
#? [seki]
46 final_status D1
#? [dame]
47 final_status H4
#? [dead]
# Black regions: right side 17 (H1-J9, 18 points, less the stone H3; H4's
# point included). White regions: upper left 13 (A7-D9 and E9). D1, D3 touch both: nobody's. Stones: black 24 (13 in the
# seki), white 25 (10 in the seki; H4 removed).
# Area: black 24 + 17 = 41, white 25 + 13 = 38; 41 against 38 + 7.5: W+4.5.
48 final_score
#? [W\+4\.5]
# Territory: black 17 + 1 dead = 18; white 13; 18 against 13 + 6.5: W+1.5.
komi 6.5
kata-set-rules japanese
49 final_score
#? [W\+1\.5]

# --- dead-9-none: nothing is dead. Black's left (A-C with D1-D4, E1 E2)
# and White's right (F-J above, H-J below), E5 a neutral point between
# D5/E4 and E6/F5. Setup, then White threw in at C9 and Black captured it
# with B9 (1 prisoner); White passed, Black passed.
50 loadsgf sgf/dead-9-none.sgf
#? [white]
51 captures black
#? [1]
komi 7.5
kata-set-rules chinese
52 final_status_list dead
#? []
53 final_status_list seki
#? []
54 final_status_list alive
#? [(?=.*\bB9\b)(?=.*\bC8\b)(?=.*\bC3\b)(?=.*\bD5\b)(?=.*\bE4\b)(?=.*\bE6\b)(?=.*\bF5\b)(?=.*\bG7\b)(?=.*\bG1\b)\S+(?:\s+\S+){25}]
55 final_status E5
#? [dame]
56 final_status C9
#? [black_territory]
# Black regions: 28 (A9 A8 B8 A7-C7 A6-C6 A5 B5, A4-D4, A3 B3 D3, A2-E2,
# A1-E1) + C9 1 = 29. White regions: 25 (F9-J9, F8-J8, F7 H7 J7, G6-J6,
# G5-J5, H1-J4). E5: nobody.
# Area: black 14 + 29 = 43, white 12 + 25 = 37; 43 against 37 + 7.5: W+1.5.
57 final_score
#? [W\+1\.5]
# Territory: black 29 + 1 prisoner = 30; white 25; 30 against 25 + 6.5:
# W+1.5.
komi 6.5
kata-set-rules japanese
58 final_score
#? [W\+1\.5]

# --- dead-19-groups: 19x19, nine territories (White the four corners and
# the centre, Black the four sides), each closed by its owner's wall; one
# star-point stone in most. Dead, all inside walls the owner has already
# answered: Black C17 (two liberties, under White C16 D16 D17); Black C3
# (two liberties, under White C4 D4 D3); Black J10 J9 K9 (two liberties,
# J11 K8, among White H10 H9 J8 K10 L9); Black R1 R2 S2 T2 T1 (one eye at
# S1, outside liberty R3 under White Q3 R4 S3); White L17 (two liberties,
# under Black K16 L16 M17); White R10 (two liberties, under Black Q10 R11);
# White B10 B9 (two liberties on the edge, A10 A9, inside Black B11 C10 C9
# B8).
60 loadsgf sgf/dead-19-groups.sgf
#? [black]
komi 7.5
kata-set-rules chinese
61 final_status_list dead
#? [(?=.*\bC17\b)(?=.*\bJ10\b)(?=.*\bJ9\b)(?=.*\bK9\b)(?=.*\bC3\b)(?=.*\bR1\b)(?=.*\bR2\b)(?=.*\bS2\b)(?=.*\bT2\b)(?=.*\bT1\b)(?=.*\bL17\b)(?=.*\bB10\b)(?=.*\bB9\b)(?=.*\bR10\b)\S+(?:\s+\S+){13}]
62 final_status_list seki
#? []
# 82 black and 90 white stones stay, among them the stones next to the dead.
63 final_status_list alive
#? [(?=.*\bC16\b)(?=.*\bD16\b)(?=.*\bD17\b)(?=.*\bK16\b)(?=.*\bL16\b)(?=.*\bM17\b)(?=.*\bK10\b)(?=.*\bL9\b)(?=.*\bJ8\b)(?=.*\bB11\b)(?=.*\bB8\b)(?=.*\bC10\b)(?=.*\bQ10\b)(?=.*\bR11\b)(?=.*\bD4\b)(?=.*\bC4\b)(?=.*\bQ3\b)(?=.*\bR4\b)(?=.*\bS3\b)(?!.*\bC17\b)(?!.*\bJ10\b)(?!.*\bK9\b)(?!.*\bC3\b)(?!.*\bS2\b)(?!.*\bL17\b)(?!.*\bB10\b)(?!.*\bR10\b)\S+(?:\s+\S+){171}]
64 final_status S1
#? [white_territory]
65 final_status A10
#? [black_territory]
# Black regions: upper side 20 (H14-M19, 30, less H16-H19 M14-M16 K16 L16
# M17) + left side 17 (A8-E11 and F9 F10, 22, less B11 B8 C10 C9 D10) +
# right side 18 (P8-T11, 20, less Q10 R11) + lower side 26 (H1-M5, 25,
# less K4, with N1 N2) = 81. White regions: upper left 29 (A14-E19 and
# F18 F19, 32, less C16 D16 D17) + upper right 30 (P14-T19 and O14, 31,
# less Q16) + centre 13 (H8-M11, 20, less H8-H11 K10 L9 J8) + lower left
# 22 (A1-E5, 25, less C4 D4 D3) + lower right 14 (P1-T5, 25, less P1-P4
# Q1-Q4 R4 S3 T3) = 108. 361 = 163 + 198.
# Area: black 82 + 81 = 163, white 90 + 108 = 198; 163 against 198 + 7.5:
# W+42.5.
66 final_score
#? [W\+42\.5]
# Territory: black 81 + 4 dead = 85; white 108 + 10 dead = 118; 85 against
# 118 + 6.5: W+39.5.
komi 6.5
kata-set-rules japanese
67 final_score
#? [W\+39\.5]

# --- dead-19-seki: 19x19, the same plan with the colours swapped (Black
# the corners and the centre), plus a seki, a neutral point and other
# dead groups. Seki in the lower left, inside Black's wall A4-F4 G1-G4:
# White A3-F3 C2-F2 D1 F1 (12 stones, one eye at E1) and Black A2 B2 B1
# (one eye at A1) share one liberty, C1; whoever fills it is captured
# through its own eye. O16 is a neutral point (touches White N16 and Black
# O15 O17 P16). Dead White: D17 (two liberties, under Black D16 E17); L11
# L10 M10 M9 (two liberties, L9 M11, in Black's centre next to K10 K11);
# S3 S4 S5 T5 T3 (one eye at T4, outside liberty S6 closed by Black R6 S7
# T6). Dead Black: L17 L16 (two liberties, K17 L18, under White K16 L15
# M16 M17); C10 (two liberties, B10 C11, next to White C9 D10); L2 (two
# liberties, L1 M2, under White K2 L3).
70 loadsgf sgf/dead-19-seki.sgf
#? [black]
komi 7.5
kata-set-rules chinese
71 final_status_list dead
#? [(?=.*\bD17\b)(?=.*\bL11\b)(?=.*\bL10\b)(?=.*\bM10\b)(?=.*\bM9\b)(?=.*\bT5\b)(?=.*\bS5\b)(?=.*\bS4\b)(?=.*\bS3\b)(?=.*\bT3\b)(?=.*\bL17\b)(?=.*\bL16\b)(?=.*\bC10\b)(?=.*\bL2\b)\S+(?:\s+\S+){13}]
72 final_status_list seki
#? [(?=.*\bA3\b)(?=.*\bB3\b)(?=.*\bC3\b)(?=.*\bD3\b)(?=.*\bE3\b)(?=.*\bF3\b)(?=.*\bC2\b)(?=.*\bD2\b)(?=.*\bE2\b)(?=.*\bF2\b)(?=.*\bD1\b)(?=.*\bF1\b)(?=.*\bA2\b)(?=.*\bB2\b)(?=.*\bB1\b)\S+(?:\s+\S+){14}]
# 89 black and 80 white stones are alive (neither dead nor in the seki),
# among them Black's wall around the seki.
73 final_status_list alive
#? [(?=.*\bD16\b)(?=.*\bE17\b)(?=.*\bK16\b)(?=.*\bM17\b)(?=.*\bL15\b)(?=.*\bK10\b)(?=.*\bK11\b)(?=.*\bD10\b)(?=.*\bC9\b)(?=.*\bK2\b)(?=.*\bL3\b)(?=.*\bR6\b)(?=.*\bT6\b)(?=.*\bA4\b)(?=.*\bF4\b)(?=.*\bG1\b)(?!.*\bD17\b)(?!.*\bM10\b)(?!.*\bS4\b)(?!.*\bL16\b)(?!.*\bC10\b)(?!.*\bL2\b)(?!.*\bA2\b)(?!.*\bF1\b)\S+(?:\s+\S+){168}]
74 final_status B1
#? [seki]
75 final_status E2
#? [seki]
# The eyes of the seki count for their owners (no special seki rule), the shared liberty and O16 for nobody.
76 final_status A1
#? [black_territory]
77 final_status E1
#? [white_territory]
78 final_status C1
#? [dame]
79 final_status O16
#? [dame]
# Black regions: upper left 30 (A14-F19, 36, less F16-F19 D16 E17) + upper
# right 28 (P14-T19, 30, less P16 Q16) + centre 10 (J9-M11, 12, less K10
# K11) + lower left 12 (A5-F6) + A1 1 + lower right 19 (P1-T6, 30, less
# P1 P2 P3 Q4 R3-R6 S2 T2 T6) = 100. White regions: upper side 22 (J14-M19
# and H18 H19, 26, less K16 L15 M16 M17) + left side 16 (A9-F11, 18, less
# C9 D10) + right side 14 (P9-T11, 15, less Q10) + lower side 22 (J1-M6
# and N1, 25, less K2 K4 L3) + E1 1 = 75. Nobody: C1, O16. 92 black and
# 92 white stones stay (the seki stones with them): 361 = 192 + 167 + 2.
# Area: black 92 + 100 = 192, white 92 + 75 = 167; 192 against 167 + 7.5:
# B+17.5.
80 final_score
#? [B\+17\.5]
kata-set-rules aga
81 final_score
#? [B\+17\.5]
kata-set-rules new-zealand
82 final_score
#? [B\+17\.5]
kata-set-rules tromp-taylor
83 final_score
#? [B\+17\.5]
# Territory: black 100 + 10 dead = 110; white 75 + 4 dead = 79; 110
# against 79 + 6.5: B+24.5.
komi 6.5
kata-set-rules japanese
84 final_score
#? [B\+24\.5]
kata-set-rules korean
85 final_score
#? [B\+24\.5]

# --- Real games: three 19x19 games GNU Go 3.8 (level 6) played against
# itself to two passes (tengen match, 2026-11-30), so the dead stones are
# where a real game leaves them, not drawn by hand. The expected dead lists
# are GNU Go 3.8 level 10's; tengen's judgement matches them exactly, and
# so do both programs' final_score (chinese, komi 7.5).

# dead-19-game1: 259 moves, 4 dead stones. Spot-checked: White D2 (one
# liberty, D1, under Black C2 E2 D3) and L5 (one liberty, L4, between
# Black K5 M5 L6) are lone stones inside Black's area.
90 loadsgf sgf/dead-19-game1.sgf
#? [white]
komi 7.5
kata-set-rules chinese
91 final_status_list dead
#? [(?=.*\bD2\b)(?=.*\bL5\b)(?=.*\bA10\b)(?=.*\bL14\b)\S+(?:\s+\S+){3}]
92 final_status_list seki
#? []
93 final_score
#? [W\+4\.5]

# dead-19-game2: 298 moves, 9 dead stones. Spot-checked: Black J1 is a
# lone stone on the first line inside White's G1-G3 L1-L3; White Q18 (one
# liberty, Q19, under Black P18 R18 Q17) sits in Black's upper right.
100 loadsgf sgf/dead-19-game2.sgf
#? [black]
komi 7.5
kata-set-rules chinese
101 final_status_list dead
#? [(?=.*\bJ1\b)(?=.*\bC8\b)(?=.*\bE10\b)(?=.*\bA11\b)(?=.*\bE12\b)(?=.*\bF12\b)(?=.*\bD13\b)(?=.*\bE13\b)(?=.*\bQ18\b)\S+(?:\s+\S+){8}]
102 final_status_list seki
#? []
103 final_score
#? [W\+12\.5]

# dead-19-game3: 238 moves, 5 dead stones. Spot-checked: White H11-H13
# has only the two-point space G11 G12 inside Black's wall (one eye);
# Black L13 and P14 are lone stones in White's area with one liberty each
# (M13, O14).
110 loadsgf sgf/dead-19-game3.sgf
#? [black]
komi 7.5
kata-set-rules chinese
111 final_status_list dead
#? [(?=.*\bH11\b)(?=.*\bH12\b)(?=.*\bH13\b)(?=.*\bL13\b)(?=.*\bP14\b)\S+(?:\s+\S+){4}]
112 final_status_list seki
#? []
113 final_score
#? [W\+4\.5]

# --- A protective point (9x9): Black's wall on D, White's on E; Black's E6 F6
# stick into White's side with one liberty, D6, a point of Black's region
# where White would take both stones. Black's stone goes there before the
# count: by territory D6 is no territory (Black 27: A-C; White 33: F-J less
# F7 G6 F5), and final_status says dame, as final_score counts it; by area
# it is Black's point either way (Black 27 + 12 stones + D6, White 33 + 12).
120 boardsize 9
clear_board
komi 0
kata-set-rules japanese
play b D9
play w E9
play b D8
play w E8
play b D7
play w E7
play b C6
play w F7
play b E6
play w G6
play b F6
play w E5
play b D5
play w F5
play b D4
play w E4
play b D3
play w E3
play b D2
play w E2
play b D1
play w E1
121 final_status_list dead
#? []
122 final_status D6
#? [dame]
123 final_status A1
#? [black_territory]
124 final_score
#? [W\+6]
kata-set-rules chinese
125 final_status D6
#? [black_territory]
126 final_score
#? [W\+5]
