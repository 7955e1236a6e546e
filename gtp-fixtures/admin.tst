# Administrative commands (GTP v2 section 6.3.1): protocol_version, name,
# version, known_command, list_commands, quit.
# known_command and list_commands must agree with what the engine answers:
# Sabaki, gtp2ogs and CGOS decide everything from that list.

1 protocol_version
#? [2]

2 name
#? [tengen]

# Any non-empty version without blanks; tengen's is the package version.
3 version
#? [\d+(?:\.\d+)+\S*]

# The commands GTP requires (6.1), the tournament and regression subsets
# (6.2) and the ones controllers (GoGui, Sabaki, Lizzie, KGS, CGOS) send.
10 known_command protocol_version
#? [true]
11 known_command name
#? [true]
12 known_command version
#? [true]
13 known_command known_command
#? [true]
14 known_command list_commands
#? [true]
15 known_command quit
#? [true]
16 known_command boardsize
#? [true]
17 known_command clear_board
#? [true]
18 known_command komi
#? [true]
19 known_command play
#? [true]
20 known_command genmove
#? [true]
21 known_command fixed_handicap
#? [true]
22 known_command place_free_handicap
#? [true]
23 known_command set_free_handicap
#? [true]
24 known_command loadsgf
#? [true]
25 known_command reg_genmove
#? [true]
26 known_command undo
#? [true]
27 known_command final_score
#? [true]
28 known_command final_status_list
#? [true]
29 known_command time_settings
#? [true]
30 known_command time_left
#? [true]
31 known_command kgs-time_settings
#? [true]
32 known_command kgs-genmove_cleanup
#? [true]
33 known_command kgs-rules
#? [true]

# Unknown names, including the names of JavaScript object properties, which
# a command table kept in a plain object could mistake for commands.
40 known_command foo
#? [false]
41 known_command toString
#? [false]
42 known_command constructor
#? [false]
43 known_command __proto__
#? [false]
44 known_command hasOwnProperty
#? [false]

# One command per line, no blank lines, no spaces.
50 list_commands
#? [[\w-]+(?:\n[\w-]+)*]
51 list_commands
#? [(?:.*\n)?protocol_version(?:\n.*)?]
52 list_commands
#? [(?:.*\n)?play(?:\n.*)?]
53 list_commands
#? [(?:.*\n)?genmove(?:\n.*)?]
54 list_commands
#? [(?:.*\n)?undo(?:\n.*)?]
55 list_commands
#? [(?:.*\n)?set_free_handicap(?:\n.*)?]
56 list_commands
#? [(?:.*\n)?final_status_list(?:\n.*)?]
57 list_commands
#? [(?:.*\n)?time_left(?:\n.*)?]
58 list_commands
#? [(?:.*\n)?kgs-genmove_cleanup(?:\n.*)?]
# Everything listed is known (the two read the same table): spot checks of
# the extensions tengen lists.
59 known_command kata-set-rules
#? [true]
60 known_command kata-get-rules
#? [true]
61 known_command printsgf
#? [true]
62 known_command showboard
#? [true]

# Commands the engine does not know are refused with `unknown command`.
70 foo
#? [unknown command]*
71 toString
#? [unknown command]*
72 __proto__
#? [unknown command]*
73 constructor
#? [unknown command]*
74 known_command
#? [syntax error]*

# The engine is still answering after the refused commands.
75 protocol_version
#? [2]

# quit answers before the engine exits.
99 quit
#? []
