# Positions set up without moves (GoGui's and KataGo's GTP extensions):
# gogui-setup adds stones before the first move and gogui-setup_player says who
# moves first (GoGui sends them after clear_board for a setup position);
# set_position replaces the board with stones and no history, Black to move;
# gogui-play_sequence plays several moves, all or none. A refused command
# changes nothing.

boardsize 9
clear_board
gogui-setup b C3 w D4 b E5
1 list_stones black
#? [(?=.*\bC3\b)(?=.*\bE5\b)\S+(?:\s+\S+){1}]
2 list_stones white
#? [D4]
gogui-setup_player w
3 printsgf
#? [.*AB\[cg\]\[ee\]AW\[df\]PL\[W\].*]
4 undo
#? [cannot undo]*
gogui-setup w F6
5 list_stones white
#? [(?=.*\bD4\b)(?=.*\bF6\b)\S+(?:\s+\S+){1}]
6 gogui-setup b D4
#? [invalid setup: a pass or a point given twice]*
7 gogui-setup b G7 b G7
#? [invalid setup: a pass or a point given twice]*
8 gogui-setup b pass
#? [invalid setup: a pass or a point given twice]*
9 gogui-setup b G7 w
#? [syntax error]*
10 gogui-setup_player x
#? [syntax error]*
11 list_stones black
#? [(?=.*\bC3\b)(?=.*\bE5\b)\S+(?:\s+\S+){1}]

# a chain without liberties: refused, nothing placed
clear_board
gogui-setup b A2 b B1
12 gogui-setup w A1
#? [invalid setup: a chain has no liberties]*
13 list_stones white
#? []

# a move sequence, all or none
clear_board
gogui-play_sequence b E5 w C3 b G7
14 list_stones black
#? [(?=.*\bE5\b)(?=.*\bG7\b)\S+(?:\s+\S+){1}]
15 gogui-play_sequence w D4 b E5 w F6
#? [illegal move \(the point is occupied\)]*
16 list_stones white
#? [C3]
17 undo
#? []
18 list_stones black
#? [E5]
19 gogui-setup b A1
#? [moves have been played]*
20 gogui-setup_player w
#? [moves have been played]*
21 gogui-play_sequence b
#? [syntax error]*

# set_position: the stones alone, no history, Black to move
play w J9
22 set_position b A1 w B1 b H8
#? []
23 list_stones white
#? [B1]
24 list_stones black
#? [(?=.*\bA1\b)(?=.*\bH8\b)\S+(?:\s+\S+){1}]
25 printsgf
#? [.*AB\[ai\]\[hb\]AW\[bi\]PL\[B\].*]
26 undo
#? [cannot undo]*
27 set_position b A1 w B1 w A2
#? [invalid setup: a chain has no liberties]*
28 list_stones black
#? [(?=.*\bA1\b)(?=.*\bH8\b)\S+(?:\s+\S+){1}]
29 set_position b A1 b A1
#? [invalid setup: a pass or a point given twice]*
30 set_position b Z9
#? [invalid coordinate|syntax error]*
set_position
31 list_stones black
#? []
