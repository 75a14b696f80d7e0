#!/bin/bash
# usage: run-load.sh  (env passed to serve.sh) -- starts the server, drives 12 s of sales at 50 connections, prints CPU and the result
cd /work/main
.scratch/serve.sh > /tmp/serve.log 2>&1 &
sleep 8
npx tsx .scratch/sales-load.ts 12 ${CONNS:-50} > /tmp/load.out 2>/dev/null &
LP=$!
sleep 5; .scratch/measure.sh 6 | head -1
wait $LP; cat /tmp/load.out; echo
pkill -INT -f "src/server/main.ts"; sleep 2
