#!/bin/bash
# usage: serve.sh [extra node args]  -- starts the server on brickfolio_bench at 3902
cd /work/main
PORT=3902 HOST=127.0.0.1 LOG_LEVEL=warn SEED_DEMO=false READ_CACHE_TTL_SECONDS=30 DB_POOL_MAX=20 \
AUTH_RATE_LIMIT_PER_MINUTE=1000 FX_API_URL=http://127.0.0.1:9/unreachable \
DATABASE_URL=${DBURL:-postgres://postgres@127.0.0.1:5432/brickfolio_bench} \
exec node $NODEARGS --import tsx src/server/main.ts
