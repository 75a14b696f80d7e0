#!/bin/bash
# usage: measure.sh <seconds>  -- CPU seconds used by the server, the load generator and PostgreSQL over the window
cpu() { local t=0; for p in $@; do [ -r /proc/$p/stat ] && t=$((t + $(awk '{print $14+$15}' /proc/$p/stat))); done; echo $t; }
S=$(pgrep -f "src/server/main.ts" | head -1); L=$(pgrep -f "sales-load.ts" | tail -1); P=$(pgrep -u postgres postgres)
a=$(cpu $S); b=$(cpu $L); c=$(cpu $P); t0=$(awk '{print $2+$3+$4+$5+$6+$7+$8}' /proc/stat | head -1); st0=$(head -1 /proc/stat)
sleep $1
P2=$(pgrep -u postgres postgres)
a2=$(cpu $S); b2=$(cpu $L); c2=$(cpu $P2); st1=$(head -1 /proc/stat)
echo "server $(( (a2-a) ))  loadgen $(( (b2-b) ))  postgres(~) $(( (c2-c) )) ticks(1/100 s) over $1 s"
echo "$st0"; echo "$st1"
