# Ko and superko: positional superko in chinese, japanese, korean
# and tromp-taylor (no earlier arrangement of stones, whoever was to move);
# situational in aga and new_zealand (arrangement plus side to move).
# A pass is always legal and never lifts a superko ban.

boardsize 9
clear_board

# --- Simple ko. Black E6 D5 E4, White F6 G5 F4 and the white stone E5.
play black E6
play black D5
play black E4
play white F6
play white G5
play white F4
play white E5
1 play black F5
#? []
2 captures black
#? [1]
3 is_legal white E5
#? [0]
4 play white E5
#? [illegal move \(.*\(superko\)\)]*
5 list_stones black
#? [(?=.*\bE6\b)(?=.*\bD5\b)(?=.*\bE4\b)(?=.*\bF5\b)\S+(?:\s+\S+){3}]
6 all_legal white
#? [(?!.*\bE5\b).*]
# A ko threat and its answer change the board: now White may take back.
play white A9
play black A1
7 is_legal white E5
#? [1]
8 play white E5
#? []
9 captures white
#? [1]
10 is_legal black F5
#? [0]
# Two passes do not lift the ban: taking back now would recreate the board
# after Black A1 (simple ko alone would allow it).
play black pass
play white pass
11 is_legal black F5
#? [0]
kata-set-rules aga
12 is_legal black F5
#? [0]
kata-set-rules new-zealand
13 is_legal black F5
#? [0]
kata-set-rules japanese
14 is_legal black F5
#? [0]
kata-set-rules chinese
# undo restores the ko state: before White's take-back, White may take.
undo
undo
15 undo
#? []
16 is_legal white E5
#? [1]
17 captures white
#? [0]
# ... and before Black's first capture, Black may capture.
undo
undo
18 undo
#? []
19 is_legal black F5
#? [1]
20 captures black
#? [0]
21 color E5
#? [white]

# --- Retake after two passes, right after the capture: Black captures,
# White passes, Black passes; White's take-back would recreate the position
# before Black's capture (Black to move then, Black to move after it), so it
# is illegal under both superko rules.
clear_board
play black E6
play black D5
play black E4
play white F6
play white G5
play white F4
play white E5
play black F5
play white pass
play black pass
kata-set-rules chinese
22 is_legal white E5
#? [0]
kata-set-rules tromp-taylor
23 is_legal white E5
#? [0]
kata-set-rules aga
24 is_legal white E5
#? [0]
kata-set-rules new-zealand
25 is_legal white E5
#? [0]
kata-set-rules chinese
26 play white pass
#? []

# --- Triple ko: a cycle of six captures. Three kos, one above the other:
#   ko 1: Black C9 B8 C7 around White C8; White D9 E8 D7 around D8
#   ko 2: Black C6 B5 C4 around White C5; White D6 E5 D4 around D5
#   ko 3: Black C3 B2 C1 around C2;       White D3 E2 D1 around Black D2
# Black takes ko 1, White ko 3, Black ko 2, White ko 1, Black ko 3: White
# taking ko 2 would then recreate the start (Black to move), so it is
# illegal under every preset. No single step is a simple-ko recapture.
clear_board
play black C9
play black B8
play black C7
play black C6
play black B5
play black C4
play black C3
play black B2
play black C1
play black D2
play white D9
play white E8
play white D7
play white D6
play white E5
play white D4
play white D3
play white E2
play white D1
play white C8
play white C5
30 play black D8
#? []
31 is_legal white C8
#? [0]
32 play white C2
#? []
33 is_legal black D2
#? [0]
34 play black D5
#? []
35 play white C8
#? []
36 play black D2
#? []
37 captures black
#? [3]
38 captures white
#? [2]
39 is_legal white C5
#? [0]
kata-set-rules japanese
40 is_legal white C5
#? [0]
kata-set-rules korean
41 is_legal white C5
#? [0]
kata-set-rules aga
42 is_legal white C5
#? [0]
kata-set-rules new-zealand
43 is_legal white C5
#? [0]
kata-set-rules tromp-taylor
44 is_legal white C5
#? [0]
45 play white C5
#? [illegal move.*]*
46 color D5
#? [black]
# Any other move breaks the cycle.
47 is_legal white J1
#? [1]
kata-set-rules chinese

# --- Positional against situational. White's stones go down first and
# Black's last, so the position with White E5 (K0) first occurs with White
# to move. Black then captures at F5 although it is White's turn (two black
# moves in a row are legal in GTP). White's take-back recreates K0 with
# Black to move: a repeated arrangement (positional: illegal) but a new
# situation (situational: legal).
clear_board
play white F6
play white G5
play white F4
play white E5
play black E6
play black D5
play black E4
50 play black F5
#? []
kata-set-rules chinese
51 is_legal white E5
#? [0]
kata-set-rules japanese
52 is_legal white E5
#? [0]
kata-set-rules korean
53 is_legal white E5
#? [0]
kata-set-rules tromp-taylor
54 is_legal white E5
#? [0]
kata-set-rules aga
55 is_legal white E5
#? [1]
kata-set-rules new-zealand
56 is_legal white E5
#? [1]
kata-set-rules aga
57 play white E5
#? []
58 captures white
#? [1]
# Black's take-back repeats the situation after Black F5 (White to move).
59 is_legal black F5
#? [0]

# --- Simple ko on the edge of 13x13 and 19x19.
boardsize 13
kata-set-rules chinese
play black N8
play black N6
play white M8
play white M6
play white L7
play white N7
60 play black M7
#? []
61 is_legal white N7
#? [0]
62 color N7
#? [empty]
boardsize 19
play black T11
play black T9
play white S11
play white S9
play white R10
play white T10
63 play black S10
#? []
64 is_legal white T10
#? [0]
65 captures black
#? [1]
play white A1
play black A19
66 is_legal white T10
#? [1]
