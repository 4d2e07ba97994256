// The seat's selection (cards, coffin cells, piles and groups) and the moves it keeps: a move matches when its
// notation uses every selected card or cell, each as often as it is selected, and passes every selected pile's
// test. Only a filter: the server alone judges legality.

function tokensOf(move) {
  return move.notation.split(/[\s,]+/).slice(1);
}

export function moveMatches(move, selection) {
  if (!selection.length) return true;
  const available = tokensOf(move);
  for (const wanted of selection) {
    if (wanted.test) {
      if (!wanted.test(move)) return false;
      continue;
    }
    const index = available.indexOf(wanted.token);
    if (index < 0) return false;
    available.splice(index, 1);
  }
  return true;
}

/** Whether any of the moves names `token` (a card code or a cell name). */
export function isUsedByMoves(moves, token) {
  return moves.some((move) => tokensOf(move).includes(token));
}

export function isSelected(selection, key) {
  return selection.some((entry) => entry.key === key);
}

/** Selects `entry` ({key, token} or {key, test}), or clears it when it was selected. */
export function toggleSelected(selection, entry) {
  const at = selection.findIndex((item) => item.key === entry.key);
  if (at >= 0) selection.splice(at, 1);
  else selection.push(entry);
}
