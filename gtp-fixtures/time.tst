# Clock commands: time_settings (GTP 6.3.4, seconds; byo-yomi time 0 =
# absolute time; byo-yomi stones 0 with time > 0 = no limit),
# kgs-time_settings none|absolute|byoyomi|canadian, time_left (stones 0 =
# main time; with byo-yomi, KGS sends the periods left). Accepted forms
# answer with an empty reply; malformed ones are refused with syntax error.

boardsize 9
clear_board

# --- time_settings main byo-yomi-time byo-yomi-stones
1 time_settings 300 30 5
#? []
2 time_settings 600 0 0
#? []
# GoGui's "no time limit".
3 time_settings 0 1 0
#? []
4 time_settings 0 30 1
#? []
5 time_settings 0 0 0
#? []
10 time_settings
#? [syntax error]*
11 time_settings 300 30
#? [syntax error]*
12 time_settings 300 30 5 1
#? [syntax error]*
13 time_settings five 30 5
#? [syntax error]*
14 time_settings -1 30 5
#? [syntax error]*
15 time_settings 300 -30 5
#? [syntax error]*
16 time_settings 300 30 -5
#? [syntax error]*

# --- kgs-time_settings
20 kgs-time_settings none
#? []
21 kgs-time_settings absolute 600
#? []
22 kgs-time_settings byoyomi 600 30 5
#? []
23 kgs-time_settings canadian 600 300 25
#? []
24 kgs-time_settings byoyomi 0 30 3
#? []
30 kgs-time_settings
#? [syntax error]*
31 kgs-time_settings none 600
#? [syntax error]*
32 kgs-time_settings absolute
#? [syntax error]*
33 kgs-time_settings absolute 600 30
#? [syntax error]*
34 kgs-time_settings byoyomi 600 30
#? [syntax error]*
35 kgs-time_settings canadian 600 300
#? [syntax error]*
36 kgs-time_settings fischer 600 10
#? [syntax error]*
37 kgs-time_settings absolute -600
#? [syntax error]*
38 kgs-time_settings byoyomi 600 thirty 5
#? [syntax error]*

# --- time_left colour seconds stones
40 time_left black 300 0
#? []
41 time_left w 25 3
#? []
# Byo-yomi under KGS: periods left.
kgs-time_settings byoyomi 600 30 5
42 time_left b 30 5
#? []
# gtp2ogs sends 0 0 while in byo-yomi.
43 time_left white 0 0
#? []
50 time_left black 300
#? [syntax error]*
51 time_left 300 0
#? [syntax error]*
52 time_left purple 300 0
#? [syntax error]*
53 time_left black soon 0
#? [syntax error]*
54 time_left black 300 -1
#? [syntax error]*
55 time_left black 300 1.5
#? [syntax error]*

# --- The clock commands touch neither the board nor the game.
play black E5
time_settings 60 10 1
time_left white 50 0
60 list_stones black
#? [E5]
61 undo
#? []
62 undo
#? [cannot undo]*

# --- With a short clock genmove still answers with a legal move.
clear_board
kgs-time_settings absolute 5
time_left black 1 0
70 genmove black
#? [[A-HJ][1-9]|pass|PASS]
71 list_stones black
#? [[A-HJ][1-9]|]

# --- Overtime with no time, periods or stones is no overtime: the main time
# alone, used up here, so genmove still answers at once with a legal move
# (the clock is run down by the move's time, no time_left).
clear_board
80 kgs-time_settings byoyomi 0 0 0
#? []
81 genmove black
#? [[A-HJ][1-9]|pass|PASS]
82 kgs-time_settings canadian 0 30 0
#? []
83 genmove white
#? [[A-HJ][1-9]|pass|PASS]
84 genmove black
#? [[A-HJ][1-9]|pass|PASS]

# --- Numbers are GTP's: unsigned decimal ints, decimal floats.
90 time_settings +300 30 5
#? [syntax error]*
91 time_left black 0x20 0
#? [syntax error]*
92 time_settings 300 30 99999999999
#? [syntax error]*
