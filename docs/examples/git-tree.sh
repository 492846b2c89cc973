#!/bin/sh
# Children of a git tree for arbor: git-tree.sh TREE-ISH (for example HEAD: or HEAD:src/).
# Prints id<TAB>title<TAB>subtitle<TAB>body<TAB>count; a subtree's id ends with / so it can be listed in turn.
tree=$1
tab=$(printf '\t')
git ls-tree "$tree" | while IFS="$tab" read -r meta name; do
  set -- $meta
  if [ "$2" = tree ]; then
    printf '%s%s/\t%s\tdirectory\t%s\t\n' "$tree" "$name" "$name" "$3"
  else
    printf '%s%s\t%s\t%s\t%s\t0\n' "$tree" "$name" "$name" "$2" "$3"
  fi
done
