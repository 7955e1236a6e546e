# Setup commands (GTP v2 section 6.3.2): boardsize, clear_board, komi.
# The engine starts on 19x19 with the chinese preset and komi 7.5.

# On an empty board under area counting, White's margin is exactly the komi
# (no stones, no regions), so final_score reads the komi back.
1 final_score
#? [W\+7.5]
2 play black T19
#? []
3 list_stones black
#? [T19]

# boardsize clears the board; every size from 2 to 25 is accepted.
10 boardsize 9
#? []
11 list_stones black
#? []
12 play black J9
#? []
13 play white A1
#? []
14 list_stones white
#? [A1]
15 boardsize 13
#? []
16 list_stones white
#? []
17 play black N13
#? []
18 boardsize 19
#? []
19 play black T1
#? []
20 boardsize 25
#? []
21 play black Z25
#? []
22 list_stones black
#? [Z25]
23 boardsize 2
#? []
24 play black B2
#? []
25 color B2
#? [black]
26 boardsize 7
#? []
27 play white G7
#? []
28 boardsize 9
#? []

# clear_board empties the board, the prisoners and the history.
play black E5
play white D5
play white F5
play white E4
play white E6
30 captures white
#? [1]
31 clear_board
#? []
32 list_stones white
#? []
33 captures white
#? [0]
34 undo
#? [cannot undo]*

# komi is any number, however ridiculous (6.3.2), and stays through
# boardsize and clear_board (controllers send komi before boardsize).
40 komi 6.5
#? []
41 final_score
#? [W\+6.5]
42 komi 0
#? []
43 final_score
#? [0]
44 komi -3.5
#? []
45 final_score
#? [B\+3.5]
46 komi 1000
#? []
47 final_score
#? [W\+1000]
48 komi 0.5
#? []
49 boardsize 13
#? []
50 final_score
#? [W\+0.5]
51 clear_board
#? []
52 final_score
#? [W\+0.5]
53 boardsize 19
#? []
54 final_score
#? [W\+0.5]
# An integer komi is a komi too.
55 komi 7
#? []
56 final_score
#? [W\+7]

# The komi counts on every size: one black stone on an empty 9x9 owns the
# whole board (81 points) under area counting: 81 - 7 = 74.
boardsize 9
play black E5
57 final_score
#? [B\+74]
boardsize 13
play black G7
# 169 - 7
58 final_score
#? [B\+162]
boardsize 19
play black K10
# 361 - 7
59 final_score
#? [B\+354]
