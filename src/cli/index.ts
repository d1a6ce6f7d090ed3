#!/usr/bin/env node
// Placeholder of the `cdms` command; the CLI lands with issue 5.
process.stderr.write('cdms: the command-line tool is not built yet.\n');
process.exitCode = 2;
