# Rules presets through GTP: kgs-rules takes KGS's
# names (chinese, japanese, aga, new_zealand), kata-set-rules KataGo's
# (chinese, japanese, korean, aga, new-zealand, tromp-taylor);
# kata-get-rules answers with KataGo's name. Changing the preset never
# touches the komi. The default preset is chinese.

1 kata-get-rules
#? [chinese]

# --- kata-set-rules, every KataGo name.
2 kata-set-rules japanese
#? []
3 kata-get-rules
#? [japanese]
4 kata-set-rules korean
#? []
5 kata-get-rules
#? [korean]
6 kata-set-rules aga
#? []
7 kata-get-rules
#? [aga]
8 kata-set-rules new-zealand
#? []
9 kata-get-rules
#? [new-zealand]
10 kata-set-rules tromp-taylor
#? []
11 kata-get-rules
#? [tromp-taylor]
12 kata-set-rules chinese
#? []
13 kata-get-rules
#? [chinese]
# Names are not case sensitive.
14 kata-set-rules Japanese
#? []
15 kata-get-rules
#? [japanese]
# Unknown names are refused and change nothing.
16 kata-set-rules ing
#? [.+]*
17 kata-set-rules
#? [syntax error]*
18 kata-get-rules
#? [japanese]

# --- kgs-rules, every KGS name.
20 kgs-rules chinese
#? []
21 kata-get-rules
#? [chinese]
22 kgs-rules japanese
#? []
23 kata-get-rules
#? [japanese]
24 kgs-rules aga
#? []
25 kata-get-rules
#? [aga]
26 kgs-rules new_zealand
#? []
27 kata-get-rules
#? [new-zealand]
# korean and tromp-taylor are not KGS names.
28 kgs-rules korean
#? [.+]*
29 kgs-rules tromp-taylor
#? [.+]*
30 kgs-rules
#? [syntax error]*
31 kata-get-rules
#? [new-zealand]

# --- The preset decides what is legal and how the game counts, and keeps
# the komi. On an empty 9x9 with one black stone (81 points of area, 80 of
# territory) and komi 5:
boardsize 9
clear_board
komi 5
play black E5
kgs-rules chinese
40 final_score
#? [B\+76]
kgs-rules japanese
41 final_score
#? [B\+75]
kgs-rules aga
42 final_score
#? [B\+76]
kgs-rules new_zealand
43 final_score
#? [B\+76]
kata-set-rules korean
44 final_score
#? [B\+75]
kata-set-rules tromp-taylor
45 final_score
#? [B\+76]
# clear_board and boardsize keep the preset.
clear_board
play black E5
46 kata-get-rules
#? [tromp-taylor]
boardsize 13
47 kata-get-rules
#? [tromp-taylor]

# Suicide of two stones (Black A1, then A2 under White B1 B2 A3): legal
# only under new_zealand and tromp-taylor.
boardsize 9
play black A1
play white B1
play white B2
play white A3
kgs-rules japanese
50 is_legal black A2
#? [0]
kgs-rules new_zealand
51 is_legal black A2
#? [1]
kgs-rules aga
52 is_legal black A2
#? [0]
kgs-rules chinese
53 is_legal black A2
#? [0]
