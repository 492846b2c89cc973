#!/bin/sh
# Children of a process for arbor: process-tree.sh PID. Prints pid<TAB>command<TAB>user<TAB>arguments<TAB>.
ps -eo pid=,ppid=,user=,comm=,args= | awk -v parent="$1" '$2 == parent {
  args = ""; for (i = 5; i <= NF; i++) args = args (i > 5 ? " " : "") $i
  printf "%s\t%s\tpid %s · %s\t%s\t\n", $1, $4, $1, $3, args
}'
