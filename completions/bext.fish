# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_bext_global_optspecs
    string join \n s/socket= c/config= h/help V/version
end

function __fish_bext_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_bext_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_bext_using_subcommand
    set -l cmd (__fish_bext_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c bext -n "__fish_bext_needs_command" -s s -l socket -d 'Path of bextd\'s control socket [default: from --config, else /run/bext/bext.sock as root, $XDG_RUNTIME_DIR/bext/bext.sock, or /tmp/bext-UID/bext.sock]' -r -F
complete -c bext -n "__fish_bext_needs_command" -s c -l config -d 'Read the control socket\'s path from this bext.toml ([server] control_socket)' -r -F
complete -c bext -n "__fish_bext_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c bext -n "__fish_bext_needs_command" -s V -l version -d 'Print version'
complete -c bext -n "__fish_bext_needs_command" -f -a "ps" -d 'Show the worker table: ID, PID, state, requests, memory, uptime, average render time, and why a worker is being replaced'
complete -c bext -n "__fish_bext_needs_command" -f -a "maint" -d 'Rolling maintenance sweep: each worker in turn leaves rotation, runs maint(data) (default: garbage collection) and comes back'
complete -c bext -n "__fish_bext_needs_command" -f -a "heap" -d 'Find what holds a pool\'s memory: take one worker out of rotation (never the last ACTIVE one), walk what its globals and its script\'s exports hold, and print the largest retainers by path (globalThis.cache, module:./store.js#sessions) with their kind, entries, estimated bytes and objects, then its census and growth per 1,000 requests. The worker comes back into rotation after'
complete -c bext -n "__fish_bext_needs_command" -f -a "call" -d 'Run custom(params) on the least busy worker of POOL and print its JSON result'
complete -c bext -n "__fish_bext_needs_command" -f -a "message" -d 'Send JSON to message(data) of every worker of POOL'
complete -c bext -n "__fish_bext_needs_command" -f -a "reload" -d 'Re-read bextd\'s bext.toml and apply what changed, as SIGHUP does: pools added start, pools removed drain, a pool whose worker settings changed is rolled, a size or route change applies without restarting workers. An invalid file changes nothing: its problems are printed and bext exits 1'
complete -c bext -n "__fish_bext_needs_command" -f -a "deploy" -d 'Deploy the code on disk: a rolling restart whose new workers load the pool\'s files again, as a new version (SIGHUP, the watch and the restart signal file deploy too). Every other replacement (requests, memory, uptime, a crash, bext workers restart) starts the version the pool runs, whatever the files say. A deploy whose first worker fails to load stops: the running version keeps every worker'
complete -c bext -n "__fish_bext_needs_command" -f -a "swap" -d 'Hot-swap workers in place: each in turn leaves rotation (SWAPPING), runs swap(changes) and comes back with the same pid; a worker without swap(), or whose swap() fails, is replaced instead'
complete -c bext -n "__fish_bext_needs_command" -f -a "signal" -d 'Write a restart signal file for bextd to act on (restart, swap or terminate every pool), atomically (a temporary file, then a rename). bextd removes it once the action is done (every worker replaced or swapped), so a deploy can wait for the file to disappear'
complete -c bext -n "__fish_bext_needs_command" -f -a "workers" -d 'Act on workers, or show their metrics'
complete -c bext -n "__fish_bext_needs_command" -f -a "quarantine" -d 'Show the requests refused as queries of death (each killed its worker on two tries), or lift the quarantine with `clear`'
complete -c bext -n "__fish_bext_needs_command" -f -a "cache" -d 'The response cache: drop stored answers with `purge`'
complete -c bext -n "__fish_bext_needs_command" -f -a "check" -d 'Check Kubernetes manifests against bext.toml, offline: the grace period outlasts shutdown_timeout_ms (plus any preStop sleep and a margin), the probes are GET /__bext/ready and /__bext/health on bextd\'s port, admin_allow stays on loopback (a wider one is a warning: its peers read the jobs and metrics), and limits.memory holds every worker at max_memory_mb plus the jobs\' budget and bextd ("auto" workers counted from limits.cpu). The bext.toml is the one given with -c, else the one in the manifests\' ConfigMap. Prints each finding with its numbers; exits 1 if one fails, 78 if the bext.toml is invalid. Needs no running bextd'
complete -c bext -n "__fish_bext_needs_command" -f -a "jobs" -d 'Background jobs and daemons: spawn, list, show, cancel, logs'
complete -c bext -n "__fish_bext_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c bext -n "__fish_bext_using_subcommand ps" -s s -l socket -d 'Path of bextd\'s control socket [default: from --config, else /run/bext/bext.sock as root, $XDG_RUNTIME_DIR/bext/bext.sock, or /tmp/bext-UID/bext.sock]' -r -F
complete -c bext -n "__fish_bext_using_subcommand ps" -s c -l config -d 'Read the control socket\'s path from this bext.toml ([server] control_socket)' -r -F
complete -c bext -n "__fish_bext_using_subcommand ps" -l long -d 'Also show each slot\'s last unplanned exit (its reason, pid, uptime, requests served and the requests it held) and each worker\'s heap census and growth per 1,000 requests'
complete -c bext -n "__fish_bext_using_subcommand ps" -s h -l help -d 'Print help'
complete -c bext -n "__fish_bext_using_subcommand maint" -l pool -d 'Only this pool' -r
complete -c bext -n "__fish_bext_using_subcommand maint" -s s -l socket -d 'Path of bextd\'s control socket [default: from --config, else /run/bext/bext.sock as root, $XDG_RUNTIME_DIR/bext/bext.sock, or /tmp/bext-UID/bext.sock]' -r -F
complete -c bext -n "__fish_bext_using_subcommand maint" -s c -l config -d 'Read the control socket\'s path from this bext.toml ([server] control_socket)' -r -F
complete -c bext -n "__fish_bext_using_subcommand maint" -s h -l help -d 'Print help'
complete -c bext -n "__fish_bext_using_subcommand heap" -l worker -d 'The worker (its id in bext ps); by default the ACTIVE one that served most' -r
complete -c bext -n "__fish_bext_using_subcommand heap" -l budget-ms -d 'Stop the walk after this long (default 2000, at most 20000); a walk that stops says so' -r
complete -c bext -n "__fish_bext_using_subcommand heap" -s s -l socket -d 'Path of bextd\'s control socket [default: from --config, else /run/bext/bext.sock as root, $XDG_RUNTIME_DIR/bext/bext.sock, or /tmp/bext-UID/bext.sock]' -r -F
complete -c bext -n "__fish_bext_using_subcommand heap" -s c -l config -d 'Read the control socket\'s path from this bext.toml ([server] control_socket)' -r -F
complete -c bext -n "__fish_bext_using_subcommand heap" -l json -d 'Print the report as JSON'
complete -c bext -n "__fish_bext_using_subcommand heap" -s h -l help -d 'Print help'
complete -c bext -n "__fish_bext_using_subcommand call" -s s -l socket -d 'Path of bextd\'s control socket [default: from --config, else /run/bext/bext.sock as root, $XDG_RUNTIME_DIR/bext/bext.sock, or /tmp/bext-UID/bext.sock]' -r -F
complete -c bext -n "__fish_bext_using_subcommand call" -s c -l config -d 'Read the control socket\'s path from this bext.toml ([server] control_socket)' -r -F
complete -c bext -n "__fish_bext_using_subcommand call" -s h -l help -d 'Print help'
complete -c bext -n "__fish_bext_using_subcommand message" -s s -l socket -d 'Path of bextd\'s control socket [default: from --config, else /run/bext/bext.sock as root, $XDG_RUNTIME_DIR/bext/bext.sock, or /tmp/bext-UID/bext.sock]' -r -F
complete -c bext -n "__fish_bext_using_subcommand message" -s c -l config -d 'Read the control socket\'s path from this bext.toml ([server] control_socket)' -r -F
complete -c bext -n "__fish_bext_using_subcommand message" -s h -l help -d 'Print help'
complete -c bext -n "__fish_bext_using_subcommand reload" -s s -l socket -d 'Path of bextd\'s control socket [default: from --config, else /run/bext/bext.sock as root, $XDG_RUNTIME_DIR/bext/bext.sock, or /tmp/bext-UID/bext.sock]' -r -F
complete -c bext -n "__fish_bext_using_subcommand reload" -s c -l config -d 'Read the control socket\'s path from this bext.toml ([server] control_socket)' -r -F
complete -c bext -n "__fish_bext_using_subcommand reload" -s h -l help -d 'Print help'
complete -c bext -n "__fish_bext_using_subcommand deploy; and not __fish_seen_subcommand_from history status promote rollback help" -l pool -d 'Only this pool' -r
complete -c bext -n "__fish_bext_using_subcommand deploy; and not __fish_seen_subcommand_from history status promote rollback help" -s s -l socket -d 'Path of bextd\'s control socket [default: from --config, else /run/bext/bext.sock as root, $XDG_RUNTIME_DIR/bext/bext.sock, or /tmp/bext-UID/bext.sock]' -r -F
complete -c bext -n "__fish_bext_using_subcommand deploy; and not __fish_seen_subcommand_from history status promote rollback help" -s c -l config -d 'Read the control socket\'s path from this bext.toml ([server] control_socket)' -r -F
complete -c bext -n "__fish_bext_using_subcommand deploy; and not __fish_seen_subcommand_from history status promote rollback help" -s h -l help -d 'Print help'
complete -c bext -n "__fish_bext_using_subcommand deploy; and not __fish_seen_subcommand_from history status promote rollback help" -f -a "history" -d 'List each pool\'s versions, newest first: id, when and why it was loaded, its state (running, previous, failed, retired) and how many workers run it'
complete -c bext -n "__fish_bext_using_subcommand deploy; and not __fish_seen_subcommand_from history status promote rollback help" -f -a "status" -d 'Show each pool\'s canary under way: its version and the previous one, its workers, how long its window has run, and both sides\' figures so far (requests, 5xx, crashes, p99)'
complete -c bext -n "__fish_bext_using_subcommand deploy; and not __fish_seen_subcommand_from history status promote rollback help" -f -a "promote" -d 'Promote the canary under way now: the other workers roll to its version without waiting for the window'
complete -c bext -n "__fish_bext_using_subcommand deploy; and not __fish_seen_subcommand_from history status promote rollback help" -f -a "rollback" -d 'Roll back: the canary under way, or else the running version to the previous one, forked from its kept compiled code (no file is read, so it works after the files changed or were deleted)'
complete -c bext -n "__fish_bext_using_subcommand deploy; and not __fish_seen_subcommand_from history status promote rollback help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c bext -n "__fish_bext_using_subcommand deploy; and __fish_seen_subcommand_from history" -l pool -d 'Only this pool' -r
complete -c bext -n "__fish_bext_using_subcommand deploy; and __fish_seen_subcommand_from history" -s s -l socket -d 'Path of bextd\'s control socket [default: from --config, else /run/bext/bext.sock as root, $XDG_RUNTIME_DIR/bext/bext.sock, or /tmp/bext-UID/bext.sock]' -r -F
complete -c bext -n "__fish_bext_using_subcommand deploy; and __fish_seen_subcommand_from history" -s c -l config -d 'Read the control socket\'s path from this bext.toml ([server] control_socket)' -r -F
complete -c bext -n "__fish_bext_using_subcommand deploy; and __fish_seen_subcommand_from history" -l json -d 'Print JSON'
complete -c bext -n "__fish_bext_using_subcommand deploy; and __fish_seen_subcommand_from history" -s h -l help -d 'Print help'
complete -c bext -n "__fish_bext_using_subcommand deploy; and __fish_seen_subcommand_from status" -l pool -d 'Only this pool' -r
complete -c bext -n "__fish_bext_using_subcommand deploy; and __fish_seen_subcommand_from status" -s s -l socket -d 'Path of bextd\'s control socket [default: from --config, else /run/bext/bext.sock as root, $XDG_RUNTIME_DIR/bext/bext.sock, or /tmp/bext-UID/bext.sock]' -r -F
complete -c bext -n "__fish_bext_using_subcommand deploy; and __fish_seen_subcommand_from status" -s c -l config -d 'Read the control socket\'s path from this bext.toml ([server] control_socket)' -r -F
complete -c bext -n "__fish_bext_using_subcommand deploy; and __fish_seen_subcommand_from status" -l json -d 'Print JSON'
complete -c bext -n "__fish_bext_using_subcommand deploy; and __fish_seen_subcommand_from status" -s h -l help -d 'Print help'
complete -c bext -n "__fish_bext_using_subcommand deploy; and __fish_seen_subcommand_from promote" -l pool -d 'Only this pool' -r
complete -c bext -n "__fish_bext_using_subcommand deploy; and __fish_seen_subcommand_from promote" -s s -l socket -d 'Path of bextd\'s control socket [default: from --config, else /run/bext/bext.sock as root, $XDG_RUNTIME_DIR/bext/bext.sock, or /tmp/bext-UID/bext.sock]' -r -F
complete -c bext -n "__fish_bext_using_subcommand deploy; and __fish_seen_subcommand_from promote" -s c -l config -d 'Read the control socket\'s path from this bext.toml ([server] control_socket)' -r -F
complete -c bext -n "__fish_bext_using_subcommand deploy; and __fish_seen_subcommand_from promote" -s h -l help -d 'Print help'
complete -c bext -n "__fish_bext_using_subcommand deploy; and __fish_seen_subcommand_from rollback" -l pool -d 'Only this pool' -r
complete -c bext -n "__fish_bext_using_subcommand deploy; and __fish_seen_subcommand_from rollback" -s s -l socket -d 'Path of bextd\'s control socket [default: from --config, else /run/bext/bext.sock as root, $XDG_RUNTIME_DIR/bext/bext.sock, or /tmp/bext-UID/bext.sock]' -r -F
complete -c bext -n "__fish_bext_using_subcommand deploy; and __fish_seen_subcommand_from rollback" -s c -l config -d 'Read the control socket\'s path from this bext.toml ([server] control_socket)' -r -F
complete -c bext -n "__fish_bext_using_subcommand deploy; and __fish_seen_subcommand_from rollback" -s h -l help -d 'Print help'
complete -c bext -n "__fish_bext_using_subcommand deploy; and __fish_seen_subcommand_from help" -f -a "history" -d 'List each pool\'s versions, newest first: id, when and why it was loaded, its state (running, previous, failed, retired) and how many workers run it'
complete -c bext -n "__fish_bext_using_subcommand deploy; and __fish_seen_subcommand_from help" -f -a "status" -d 'Show each pool\'s canary under way: its version and the previous one, its workers, how long its window has run, and both sides\' figures so far (requests, 5xx, crashes, p99)'
complete -c bext -n "__fish_bext_using_subcommand deploy; and __fish_seen_subcommand_from help" -f -a "promote" -d 'Promote the canary under way now: the other workers roll to its version without waiting for the window'
complete -c bext -n "__fish_bext_using_subcommand deploy; and __fish_seen_subcommand_from help" -f -a "rollback" -d 'Roll back: the canary under way, or else the running version to the previous one, forked from its kept compiled code (no file is read, so it works after the files changed or were deleted)'
complete -c bext -n "__fish_bext_using_subcommand deploy; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c bext -n "__fish_bext_using_subcommand swap" -l pool -d 'Only this pool' -r
complete -c bext -n "__fish_bext_using_subcommand swap" -s s -l socket -d 'Path of bextd\'s control socket [default: from --config, else /run/bext/bext.sock as root, $XDG_RUNTIME_DIR/bext/bext.sock, or /tmp/bext-UID/bext.sock]' -r -F
complete -c bext -n "__fish_bext_using_subcommand swap" -s c -l config -d 'Read the control socket\'s path from this bext.toml ([server] control_socket)' -r -F
complete -c bext -n "__fish_bext_using_subcommand swap" -s h -l help -d 'Print help'
complete -c bext -n "__fish_bext_using_subcommand signal" -s f -l file -d 'The signal file [default: [server] restart_signal_file of the bext.toml given with --config]' -r -F
complete -c bext -n "__fish_bext_using_subcommand signal" -s s -l socket -d 'Path of bextd\'s control socket [default: from --config, else /run/bext/bext.sock as root, $XDG_RUNTIME_DIR/bext/bext.sock, or /tmp/bext-UID/bext.sock]' -r -F
complete -c bext -n "__fish_bext_using_subcommand signal" -s c -l config -d 'Read the control socket\'s path from this bext.toml ([server] control_socket)' -r -F
complete -c bext -n "__fish_bext_using_subcommand signal" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c bext -n "__fish_bext_using_subcommand workers; and not __fish_seen_subcommand_from restart stats help" -s s -l socket -d 'Path of bextd\'s control socket [default: from --config, else /run/bext/bext.sock as root, $XDG_RUNTIME_DIR/bext/bext.sock, or /tmp/bext-UID/bext.sock]' -r -F
complete -c bext -n "__fish_bext_using_subcommand workers; and not __fish_seen_subcommand_from restart stats help" -s c -l config -d 'Read the control socket\'s path from this bext.toml ([server] control_socket)' -r -F
complete -c bext -n "__fish_bext_using_subcommand workers; and not __fish_seen_subcommand_from restart stats help" -s h -l help -d 'Print help'
complete -c bext -n "__fish_bext_using_subcommand workers; and not __fish_seen_subcommand_from restart stats help" -f -a "restart" -d 'Gracefully restart workers: each is replaced by a fresh one that boots before the old one drains (rolling, staggered)'
complete -c bext -n "__fish_bext_using_subcommand workers; and not __fish_seen_subcommand_from restart stats help" -f -a "stats" -d 'Detailed per-worker metrics'
complete -c bext -n "__fish_bext_using_subcommand workers; and not __fish_seen_subcommand_from restart stats help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c bext -n "__fish_bext_using_subcommand workers; and __fish_seen_subcommand_from restart" -l pool -d 'Only this pool' -r
complete -c bext -n "__fish_bext_using_subcommand workers; and __fish_seen_subcommand_from restart" -l worker -d 'Only this worker slot (needs --pool when there are several pools)' -r
complete -c bext -n "__fish_bext_using_subcommand workers; and __fish_seen_subcommand_from restart" -s s -l socket -d 'Path of bextd\'s control socket [default: from --config, else /run/bext/bext.sock as root, $XDG_RUNTIME_DIR/bext/bext.sock, or /tmp/bext-UID/bext.sock]' -r -F
complete -c bext -n "__fish_bext_using_subcommand workers; and __fish_seen_subcommand_from restart" -s c -l config -d 'Read the control socket\'s path from this bext.toml ([server] control_socket)' -r -F
complete -c bext -n "__fish_bext_using_subcommand workers; and __fish_seen_subcommand_from restart" -s h -l help -d 'Print help'
complete -c bext -n "__fish_bext_using_subcommand workers; and __fish_seen_subcommand_from stats" -s s -l socket -d 'Path of bextd\'s control socket [default: from --config, else /run/bext/bext.sock as root, $XDG_RUNTIME_DIR/bext/bext.sock, or /tmp/bext-UID/bext.sock]' -r -F
complete -c bext -n "__fish_bext_using_subcommand workers; and __fish_seen_subcommand_from stats" -s c -l config -d 'Read the control socket\'s path from this bext.toml ([server] control_socket)' -r -F
complete -c bext -n "__fish_bext_using_subcommand workers; and __fish_seen_subcommand_from stats" -l json -d 'Print the metrics as JSON, as GET /__bext/workers does'
complete -c bext -n "__fish_bext_using_subcommand workers; and __fish_seen_subcommand_from stats" -s h -l help -d 'Print help'
complete -c bext -n "__fish_bext_using_subcommand workers; and __fish_seen_subcommand_from help" -f -a "restart" -d 'Gracefully restart workers: each is replaced by a fresh one that boots before the old one drains (rolling, staggered)'
complete -c bext -n "__fish_bext_using_subcommand workers; and __fish_seen_subcommand_from help" -f -a "stats" -d 'Detailed per-worker metrics'
complete -c bext -n "__fish_bext_using_subcommand workers; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c bext -n "__fish_bext_using_subcommand quarantine; and not __fish_seen_subcommand_from clear help" -s s -l socket -d 'Path of bextd\'s control socket [default: from --config, else /run/bext/bext.sock as root, $XDG_RUNTIME_DIR/bext/bext.sock, or /tmp/bext-UID/bext.sock]' -r -F
complete -c bext -n "__fish_bext_using_subcommand quarantine; and not __fish_seen_subcommand_from clear help" -s c -l config -d 'Read the control socket\'s path from this bext.toml ([server] control_socket)' -r -F
complete -c bext -n "__fish_bext_using_subcommand quarantine; and not __fish_seen_subcommand_from clear help" -s h -l help -d 'Print help'
complete -c bext -n "__fish_bext_using_subcommand quarantine; and not __fish_seen_subcommand_from clear help" -f -a "clear" -d 'Lift every quarantine, of every pool or of one'
complete -c bext -n "__fish_bext_using_subcommand quarantine; and not __fish_seen_subcommand_from clear help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c bext -n "__fish_bext_using_subcommand quarantine; and __fish_seen_subcommand_from clear" -l pool -d 'Only this pool' -r
complete -c bext -n "__fish_bext_using_subcommand quarantine; and __fish_seen_subcommand_from clear" -s s -l socket -d 'Path of bextd\'s control socket [default: from --config, else /run/bext/bext.sock as root, $XDG_RUNTIME_DIR/bext/bext.sock, or /tmp/bext-UID/bext.sock]' -r -F
complete -c bext -n "__fish_bext_using_subcommand quarantine; and __fish_seen_subcommand_from clear" -s c -l config -d 'Read the control socket\'s path from this bext.toml ([server] control_socket)' -r -F
complete -c bext -n "__fish_bext_using_subcommand quarantine; and __fish_seen_subcommand_from clear" -s h -l help -d 'Print help'
complete -c bext -n "__fish_bext_using_subcommand quarantine; and __fish_seen_subcommand_from help" -f -a "clear" -d 'Lift every quarantine, of every pool or of one'
complete -c bext -n "__fish_bext_using_subcommand quarantine; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c bext -n "__fish_bext_using_subcommand cache; and not __fish_seen_subcommand_from purge help" -s s -l socket -d 'Path of bextd\'s control socket [default: from --config, else /run/bext/bext.sock as root, $XDG_RUNTIME_DIR/bext/bext.sock, or /tmp/bext-UID/bext.sock]' -r -F
complete -c bext -n "__fish_bext_using_subcommand cache; and not __fish_seen_subcommand_from purge help" -s c -l config -d 'Read the control socket\'s path from this bext.toml ([server] control_socket)' -r -F
complete -c bext -n "__fish_bext_using_subcommand cache; and not __fish_seen_subcommand_from purge help" -s h -l help -d 'Print help'
complete -c bext -n "__fish_bext_using_subcommand cache; and not __fish_seen_subcommand_from purge help" -f -a "purge" -d 'Drop stored answers: those whose path starts with PREFIX and (or) that the worker tagged TAG (Cache-Tag or x-bext-cache-tags); with neither, every one. Of every pool, or of one'
complete -c bext -n "__fish_bext_using_subcommand cache; and not __fish_seen_subcommand_from purge help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c bext -n "__fish_bext_using_subcommand cache; and __fish_seen_subcommand_from purge" -l pool -d 'Only this pool' -r
complete -c bext -n "__fish_bext_using_subcommand cache; and __fish_seen_subcommand_from purge" -l tag -d 'Only answers with this tag' -r
complete -c bext -n "__fish_bext_using_subcommand cache; and __fish_seen_subcommand_from purge" -s s -l socket -d 'Path of bextd\'s control socket [default: from --config, else /run/bext/bext.sock as root, $XDG_RUNTIME_DIR/bext/bext.sock, or /tmp/bext-UID/bext.sock]' -r -F
complete -c bext -n "__fish_bext_using_subcommand cache; and __fish_seen_subcommand_from purge" -s c -l config -d 'Read the control socket\'s path from this bext.toml ([server] control_socket)' -r -F
complete -c bext -n "__fish_bext_using_subcommand cache; and __fish_seen_subcommand_from purge" -s h -l help -d 'Print help'
complete -c bext -n "__fish_bext_using_subcommand cache; and __fish_seen_subcommand_from help" -f -a "purge" -d 'Drop stored answers: those whose path starts with PREFIX and (or) that the worker tagged TAG (Cache-Tag or x-bext-cache-tags); with neither, every one. Of every pool, or of one'
complete -c bext -n "__fish_bext_using_subcommand cache; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c bext -n "__fish_bext_using_subcommand check" -l grace-margin-s -d 'Seconds the grace period must leave after shutdown_timeout_ms' -r
complete -c bext -n "__fish_bext_using_subcommand check" -s s -l socket -d 'Path of bextd\'s control socket [default: from --config, else /run/bext/bext.sock as root, $XDG_RUNTIME_DIR/bext/bext.sock, or /tmp/bext-UID/bext.sock]' -r -F
complete -c bext -n "__fish_bext_using_subcommand check" -s c -l config -d 'Read the control socket\'s path from this bext.toml ([server] control_socket)' -r -F
complete -c bext -n "__fish_bext_using_subcommand check" -s h -l help -d 'Print help'
complete -c bext -n "__fish_bext_using_subcommand jobs; and not __fish_seen_subcommand_from spawn ls show cancel retry discard logs schedules help" -s s -l socket -d 'Path of bextd\'s control socket [default: from --config, else /run/bext/bext.sock as root, $XDG_RUNTIME_DIR/bext/bext.sock, or /tmp/bext-UID/bext.sock]' -r -F
complete -c bext -n "__fish_bext_using_subcommand jobs; and not __fish_seen_subcommand_from spawn ls show cancel retry discard logs schedules help" -s c -l config -d 'Read the control socket\'s path from this bext.toml ([server] control_socket)' -r -F
complete -c bext -n "__fish_bext_using_subcommand jobs; and not __fish_seen_subcommand_from spawn ls show cancel retry discard logs schedules help" -s h -l help -d 'Print help'
complete -c bext -n "__fish_bext_using_subcommand jobs; and not __fish_seen_subcommand_from spawn ls show cancel retry discard logs schedules help" -f -a "spawn" -d 'Start a background job (queued until it fits the limits and the memory budget); prints its id'
complete -c bext -n "__fish_bext_using_subcommand jobs; and not __fish_seen_subcommand_from spawn ls show cancel retry discard logs schedules help" -f -a "ls" -d 'List jobs: running, queued, and the latest finished'
complete -c bext -n "__fish_bext_using_subcommand jobs; and not __fish_seen_subcommand_from spawn ls show cancel retry discard logs schedules help" -f -a "show" -d 'Show one job: state, progress, result or error, checkpoint'
complete -c bext -n "__fish_bext_using_subcommand jobs; and not __fish_seen_subcommand_from spawn ls show cancel retry discard logs schedules help" -f -a "cancel" -d 'Cancel a job: job.cancelled turns true, its JS is interrupted after [jobs] cancel_grace_ms, and it is killed after kill_grace_ms more'
complete -c bext -n "__fish_bext_using_subcommand jobs; and not __fish_seen_subcommand_from spawn ls show cancel retry discard logs schedules help" -f -a "retry" -d 'Run a failed, discarded or cancelled job again (with one more attempt if it had used them all)'
complete -c bext -n "__fish_bext_using_subcommand jobs; and not __fish_seen_subcommand_from spawn ls show cancel retry discard logs schedules help" -f -a "discard" -d 'Give up on a queued or retryable job: it is discarded, kept for inspection and `bext jobs retry`'
complete -c bext -n "__fish_bext_using_subcommand jobs; and not __fish_seen_subcommand_from spawn ls show cancel retry discard logs schedules help" -f -a "logs" -d 'Print a job\'s log (its job.log and console lines)'
complete -c bext -n "__fish_bext_using_subcommand jobs; and not __fish_seen_subcommand_from spawn ls show cancel retry discard logs schedules help" -f -a "schedules" -d 'List the recurring jobs of every pool ([[POOL.schedules]]) with their next run'
complete -c bext -n "__fish_bext_using_subcommand jobs; and not __fish_seen_subcommand_from spawn ls show cancel retry discard logs schedules help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c bext -n "__fish_bext_using_subcommand jobs; and __fish_seen_subcommand_from spawn" -l pool -d 'The owner pool [default: the default pool]' -r
complete -c bext -n "__fish_bext_using_subcommand jobs; and __fish_seen_subcommand_from spawn" -l memory -d 'Memory to reserve from the budget, e.g. 64MB [default: [jobs] default_memory_mb]' -r
complete -c bext -n "__fish_bext_using_subcommand jobs; and __fish_seen_subcommand_from spawn" -l timeout -d 'Kill it after this many milliseconds' -r
complete -c bext -n "__fish_bext_using_subcommand jobs; and __fish_seen_subcommand_from spawn" -l data -d 'JSON given to the job as job.data' -r
complete -c bext -n "__fish_bext_using_subcommand jobs; and __fish_seen_subcommand_from spawn" -l max-attempts -d 'Attempts before a failing job is discarded [default: [jobs] max_attempts]' -r
complete -c bext -n "__fish_bext_using_subcommand jobs; and __fish_seen_subcommand_from spawn" -l backoff -d 'Delay before the first retry, in milliseconds, doubled each attempt with jitter [default: [jobs] retry_backoff_ms]' -r
complete -c bext -n "__fish_bext_using_subcommand jobs; and __fish_seen_subcommand_from spawn" -l delay -d 'Run it not before this many milliseconds from now' -r
complete -c bext -n "__fish_bext_using_subcommand jobs; and __fish_seen_subcommand_from spawn" -l run-at -d 'Run it not before this Unix time, in milliseconds' -r
complete -c bext -n "__fish_bext_using_subcommand jobs; and __fish_seen_subcommand_from spawn" -l priority -d 'Its place among waiting jobs: 0 (first, the default) to 9' -r
complete -c bext -n "__fish_bext_using_subcommand jobs; and __fish_seen_subcommand_from spawn" -l unique -d 'While a job of this key is queued, running or retryable, print its id instead of starting another' -r
complete -c bext -n "__fish_bext_using_subcommand jobs; and __fish_seen_subcommand_from spawn" -l unique-for -d 'With --unique: only a job of the key created within this many milliseconds counts' -r
complete -c bext -n "__fish_bext_using_subcommand jobs; and __fish_seen_subcommand_from spawn" -s s -l socket -d 'Path of bextd\'s control socket [default: from --config, else /run/bext/bext.sock as root, $XDG_RUNTIME_DIR/bext/bext.sock, or /tmp/bext-UID/bext.sock]' -r -F
complete -c bext -n "__fish_bext_using_subcommand jobs; and __fish_seen_subcommand_from spawn" -s c -l config -d 'Read the control socket\'s path from this bext.toml ([server] control_socket)' -r -F
complete -c bext -n "__fish_bext_using_subcommand jobs; and __fish_seen_subcommand_from spawn" -l daemon -d 'Restart it after a crash (with backoff), and when bextd starts'
complete -c bext -n "__fish_bext_using_subcommand jobs; and __fish_seen_subcommand_from spawn" -l retry-on-restart -d 'If bextd dies while it runs, queue it again at the next start (else it is marked failed, "interrupted")'
complete -c bext -n "__fish_bext_using_subcommand jobs; and __fish_seen_subcommand_from spawn" -s h -l help -d 'Print help'
complete -c bext -n "__fish_bext_using_subcommand jobs; and __fish_seen_subcommand_from ls" -s s -l socket -d 'Path of bextd\'s control socket [default: from --config, else /run/bext/bext.sock as root, $XDG_RUNTIME_DIR/bext/bext.sock, or /tmp/bext-UID/bext.sock]' -r -F
complete -c bext -n "__fish_bext_using_subcommand jobs; and __fish_seen_subcommand_from ls" -s c -l config -d 'Read the control socket\'s path from this bext.toml ([server] control_socket)' -r -F
complete -c bext -n "__fish_bext_using_subcommand jobs; and __fish_seen_subcommand_from ls" -l json -d 'Print the list as JSON, as GET /__bext/jobs does'
complete -c bext -n "__fish_bext_using_subcommand jobs; and __fish_seen_subcommand_from ls" -s h -l help -d 'Print help'
complete -c bext -n "__fish_bext_using_subcommand jobs; and __fish_seen_subcommand_from show" -s s -l socket -d 'Path of bextd\'s control socket [default: from --config, else /run/bext/bext.sock as root, $XDG_RUNTIME_DIR/bext/bext.sock, or /tmp/bext-UID/bext.sock]' -r -F
complete -c bext -n "__fish_bext_using_subcommand jobs; and __fish_seen_subcommand_from show" -s c -l config -d 'Read the control socket\'s path from this bext.toml ([server] control_socket)' -r -F
complete -c bext -n "__fish_bext_using_subcommand jobs; and __fish_seen_subcommand_from show" -l json
complete -c bext -n "__fish_bext_using_subcommand jobs; and __fish_seen_subcommand_from show" -s h -l help -d 'Print help'
complete -c bext -n "__fish_bext_using_subcommand jobs; and __fish_seen_subcommand_from cancel" -s s -l socket -d 'Path of bextd\'s control socket [default: from --config, else /run/bext/bext.sock as root, $XDG_RUNTIME_DIR/bext/bext.sock, or /tmp/bext-UID/bext.sock]' -r -F
complete -c bext -n "__fish_bext_using_subcommand jobs; and __fish_seen_subcommand_from cancel" -s c -l config -d 'Read the control socket\'s path from this bext.toml ([server] control_socket)' -r -F
complete -c bext -n "__fish_bext_using_subcommand jobs; and __fish_seen_subcommand_from cancel" -s h -l help -d 'Print help'
complete -c bext -n "__fish_bext_using_subcommand jobs; and __fish_seen_subcommand_from retry" -s s -l socket -d 'Path of bextd\'s control socket [default: from --config, else /run/bext/bext.sock as root, $XDG_RUNTIME_DIR/bext/bext.sock, or /tmp/bext-UID/bext.sock]' -r -F
complete -c bext -n "__fish_bext_using_subcommand jobs; and __fish_seen_subcommand_from retry" -s c -l config -d 'Read the control socket\'s path from this bext.toml ([server] control_socket)' -r -F
complete -c bext -n "__fish_bext_using_subcommand jobs; and __fish_seen_subcommand_from retry" -s h -l help -d 'Print help'
complete -c bext -n "__fish_bext_using_subcommand jobs; and __fish_seen_subcommand_from discard" -s s -l socket -d 'Path of bextd\'s control socket [default: from --config, else /run/bext/bext.sock as root, $XDG_RUNTIME_DIR/bext/bext.sock, or /tmp/bext-UID/bext.sock]' -r -F
complete -c bext -n "__fish_bext_using_subcommand jobs; and __fish_seen_subcommand_from discard" -s c -l config -d 'Read the control socket\'s path from this bext.toml ([server] control_socket)' -r -F
complete -c bext -n "__fish_bext_using_subcommand jobs; and __fish_seen_subcommand_from discard" -s h -l help -d 'Print help'
complete -c bext -n "__fish_bext_using_subcommand jobs; and __fish_seen_subcommand_from logs" -s s -l socket -d 'Path of bextd\'s control socket [default: from --config, else /run/bext/bext.sock as root, $XDG_RUNTIME_DIR/bext/bext.sock, or /tmp/bext-UID/bext.sock]' -r -F
complete -c bext -n "__fish_bext_using_subcommand jobs; and __fish_seen_subcommand_from logs" -s c -l config -d 'Read the control socket\'s path from this bext.toml ([server] control_socket)' -r -F
complete -c bext -n "__fish_bext_using_subcommand jobs; and __fish_seen_subcommand_from logs" -s h -l help -d 'Print help'
complete -c bext -n "__fish_bext_using_subcommand jobs; and __fish_seen_subcommand_from schedules" -s s -l socket -d 'Path of bextd\'s control socket [default: from --config, else /run/bext/bext.sock as root, $XDG_RUNTIME_DIR/bext/bext.sock, or /tmp/bext-UID/bext.sock]' -r -F
complete -c bext -n "__fish_bext_using_subcommand jobs; and __fish_seen_subcommand_from schedules" -s c -l config -d 'Read the control socket\'s path from this bext.toml ([server] control_socket)' -r -F
complete -c bext -n "__fish_bext_using_subcommand jobs; and __fish_seen_subcommand_from schedules" -l json -d 'Print them as JSON, as GET /__bext/jobs/schedules does'
complete -c bext -n "__fish_bext_using_subcommand jobs; and __fish_seen_subcommand_from schedules" -s h -l help -d 'Print help'
complete -c bext -n "__fish_bext_using_subcommand jobs; and __fish_seen_subcommand_from help" -f -a "spawn" -d 'Start a background job (queued until it fits the limits and the memory budget); prints its id'
complete -c bext -n "__fish_bext_using_subcommand jobs; and __fish_seen_subcommand_from help" -f -a "ls" -d 'List jobs: running, queued, and the latest finished'
complete -c bext -n "__fish_bext_using_subcommand jobs; and __fish_seen_subcommand_from help" -f -a "show" -d 'Show one job: state, progress, result or error, checkpoint'
complete -c bext -n "__fish_bext_using_subcommand jobs; and __fish_seen_subcommand_from help" -f -a "cancel" -d 'Cancel a job: job.cancelled turns true, its JS is interrupted after [jobs] cancel_grace_ms, and it is killed after kill_grace_ms more'
complete -c bext -n "__fish_bext_using_subcommand jobs; and __fish_seen_subcommand_from help" -f -a "retry" -d 'Run a failed, discarded or cancelled job again (with one more attempt if it had used them all)'
complete -c bext -n "__fish_bext_using_subcommand jobs; and __fish_seen_subcommand_from help" -f -a "discard" -d 'Give up on a queued or retryable job: it is discarded, kept for inspection and `bext jobs retry`'
complete -c bext -n "__fish_bext_using_subcommand jobs; and __fish_seen_subcommand_from help" -f -a "logs" -d 'Print a job\'s log (its job.log and console lines)'
complete -c bext -n "__fish_bext_using_subcommand jobs; and __fish_seen_subcommand_from help" -f -a "schedules" -d 'List the recurring jobs of every pool ([[POOL.schedules]]) with their next run'
complete -c bext -n "__fish_bext_using_subcommand jobs; and __fish_seen_subcommand_from help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c bext -n "__fish_bext_using_subcommand help; and not __fish_seen_subcommand_from ps maint heap call message reload deploy swap signal workers quarantine cache check jobs help" -f -a "ps" -d 'Show the worker table: ID, PID, state, requests, memory, uptime, average render time, and why a worker is being replaced'
complete -c bext -n "__fish_bext_using_subcommand help; and not __fish_seen_subcommand_from ps maint heap call message reload deploy swap signal workers quarantine cache check jobs help" -f -a "maint" -d 'Rolling maintenance sweep: each worker in turn leaves rotation, runs maint(data) (default: garbage collection) and comes back'
complete -c bext -n "__fish_bext_using_subcommand help; and not __fish_seen_subcommand_from ps maint heap call message reload deploy swap signal workers quarantine cache check jobs help" -f -a "heap" -d 'Find what holds a pool\'s memory: take one worker out of rotation (never the last ACTIVE one), walk what its globals and its script\'s exports hold, and print the largest retainers by path (globalThis.cache, module:./store.js#sessions) with their kind, entries, estimated bytes and objects, then its census and growth per 1,000 requests. The worker comes back into rotation after'
complete -c bext -n "__fish_bext_using_subcommand help; and not __fish_seen_subcommand_from ps maint heap call message reload deploy swap signal workers quarantine cache check jobs help" -f -a "call" -d 'Run custom(params) on the least busy worker of POOL and print its JSON result'
complete -c bext -n "__fish_bext_using_subcommand help; and not __fish_seen_subcommand_from ps maint heap call message reload deploy swap signal workers quarantine cache check jobs help" -f -a "message" -d 'Send JSON to message(data) of every worker of POOL'
complete -c bext -n "__fish_bext_using_subcommand help; and not __fish_seen_subcommand_from ps maint heap call message reload deploy swap signal workers quarantine cache check jobs help" -f -a "reload" -d 'Re-read bextd\'s bext.toml and apply what changed, as SIGHUP does: pools added start, pools removed drain, a pool whose worker settings changed is rolled, a size or route change applies without restarting workers. An invalid file changes nothing: its problems are printed and bext exits 1'
complete -c bext -n "__fish_bext_using_subcommand help; and not __fish_seen_subcommand_from ps maint heap call message reload deploy swap signal workers quarantine cache check jobs help" -f -a "deploy" -d 'Deploy the code on disk: a rolling restart whose new workers load the pool\'s files again, as a new version (SIGHUP, the watch and the restart signal file deploy too). Every other replacement (requests, memory, uptime, a crash, bext workers restart) starts the version the pool runs, whatever the files say. A deploy whose first worker fails to load stops: the running version keeps every worker'
complete -c bext -n "__fish_bext_using_subcommand help; and not __fish_seen_subcommand_from ps maint heap call message reload deploy swap signal workers quarantine cache check jobs help" -f -a "swap" -d 'Hot-swap workers in place: each in turn leaves rotation (SWAPPING), runs swap(changes) and comes back with the same pid; a worker without swap(), or whose swap() fails, is replaced instead'
complete -c bext -n "__fish_bext_using_subcommand help; and not __fish_seen_subcommand_from ps maint heap call message reload deploy swap signal workers quarantine cache check jobs help" -f -a "signal" -d 'Write a restart signal file for bextd to act on (restart, swap or terminate every pool), atomically (a temporary file, then a rename). bextd removes it once the action is done (every worker replaced or swapped), so a deploy can wait for the file to disappear'
complete -c bext -n "__fish_bext_using_subcommand help; and not __fish_seen_subcommand_from ps maint heap call message reload deploy swap signal workers quarantine cache check jobs help" -f -a "workers" -d 'Act on workers, or show their metrics'
complete -c bext -n "__fish_bext_using_subcommand help; and not __fish_seen_subcommand_from ps maint heap call message reload deploy swap signal workers quarantine cache check jobs help" -f -a "quarantine" -d 'Show the requests refused as queries of death (each killed its worker on two tries), or lift the quarantine with `clear`'
complete -c bext -n "__fish_bext_using_subcommand help; and not __fish_seen_subcommand_from ps maint heap call message reload deploy swap signal workers quarantine cache check jobs help" -f -a "cache" -d 'The response cache: drop stored answers with `purge`'
complete -c bext -n "__fish_bext_using_subcommand help; and not __fish_seen_subcommand_from ps maint heap call message reload deploy swap signal workers quarantine cache check jobs help" -f -a "check" -d 'Check Kubernetes manifests against bext.toml, offline: the grace period outlasts shutdown_timeout_ms (plus any preStop sleep and a margin), the probes are GET /__bext/ready and /__bext/health on bextd\'s port, admin_allow stays on loopback (a wider one is a warning: its peers read the jobs and metrics), and limits.memory holds every worker at max_memory_mb plus the jobs\' budget and bextd ("auto" workers counted from limits.cpu). The bext.toml is the one given with -c, else the one in the manifests\' ConfigMap. Prints each finding with its numbers; exits 1 if one fails, 78 if the bext.toml is invalid. Needs no running bextd'
complete -c bext -n "__fish_bext_using_subcommand help; and not __fish_seen_subcommand_from ps maint heap call message reload deploy swap signal workers quarantine cache check jobs help" -f -a "jobs" -d 'Background jobs and daemons: spawn, list, show, cancel, logs'
complete -c bext -n "__fish_bext_using_subcommand help; and not __fish_seen_subcommand_from ps maint heap call message reload deploy swap signal workers quarantine cache check jobs help" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c bext -n "__fish_bext_using_subcommand help; and __fish_seen_subcommand_from deploy" -f -a "history" -d 'List each pool\'s versions, newest first: id, when and why it was loaded, its state (running, previous, failed, retired) and how many workers run it'
complete -c bext -n "__fish_bext_using_subcommand help; and __fish_seen_subcommand_from deploy" -f -a "status" -d 'Show each pool\'s canary under way: its version and the previous one, its workers, how long its window has run, and both sides\' figures so far (requests, 5xx, crashes, p99)'
complete -c bext -n "__fish_bext_using_subcommand help; and __fish_seen_subcommand_from deploy" -f -a "promote" -d 'Promote the canary under way now: the other workers roll to its version without waiting for the window'
complete -c bext -n "__fish_bext_using_subcommand help; and __fish_seen_subcommand_from deploy" -f -a "rollback" -d 'Roll back: the canary under way, or else the running version to the previous one, forked from its kept compiled code (no file is read, so it works after the files changed or were deleted)'
complete -c bext -n "__fish_bext_using_subcommand help; and __fish_seen_subcommand_from workers" -f -a "restart" -d 'Gracefully restart workers: each is replaced by a fresh one that boots before the old one drains (rolling, staggered)'
complete -c bext -n "__fish_bext_using_subcommand help; and __fish_seen_subcommand_from workers" -f -a "stats" -d 'Detailed per-worker metrics'
complete -c bext -n "__fish_bext_using_subcommand help; and __fish_seen_subcommand_from quarantine" -f -a "clear" -d 'Lift every quarantine, of every pool or of one'
complete -c bext -n "__fish_bext_using_subcommand help; and __fish_seen_subcommand_from cache" -f -a "purge" -d 'Drop stored answers: those whose path starts with PREFIX and (or) that the worker tagged TAG (Cache-Tag or x-bext-cache-tags); with neither, every one. Of every pool, or of one'
complete -c bext -n "__fish_bext_using_subcommand help; and __fish_seen_subcommand_from jobs" -f -a "spawn" -d 'Start a background job (queued until it fits the limits and the memory budget); prints its id'
complete -c bext -n "__fish_bext_using_subcommand help; and __fish_seen_subcommand_from jobs" -f -a "ls" -d 'List jobs: running, queued, and the latest finished'
complete -c bext -n "__fish_bext_using_subcommand help; and __fish_seen_subcommand_from jobs" -f -a "show" -d 'Show one job: state, progress, result or error, checkpoint'
complete -c bext -n "__fish_bext_using_subcommand help; and __fish_seen_subcommand_from jobs" -f -a "cancel" -d 'Cancel a job: job.cancelled turns true, its JS is interrupted after [jobs] cancel_grace_ms, and it is killed after kill_grace_ms more'
complete -c bext -n "__fish_bext_using_subcommand help; and __fish_seen_subcommand_from jobs" -f -a "retry" -d 'Run a failed, discarded or cancelled job again (with one more attempt if it had used them all)'
complete -c bext -n "__fish_bext_using_subcommand help; and __fish_seen_subcommand_from jobs" -f -a "discard" -d 'Give up on a queued or retryable job: it is discarded, kept for inspection and `bext jobs retry`'
complete -c bext -n "__fish_bext_using_subcommand help; and __fish_seen_subcommand_from jobs" -f -a "logs" -d 'Print a job\'s log (its job.log and console lines)'
complete -c bext -n "__fish_bext_using_subcommand help; and __fish_seen_subcommand_from jobs" -f -a "schedules" -d 'List the recurring jobs of every pool ([[POOL.schedules]]) with their next run'
