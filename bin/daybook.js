#!/usr/bin/env node
// The operator CLI; compiled by `npm install` (prepare) or `npm run build`.
import '../dist/cli/main.js'
