// The seat's selection of cards and coffin cells, and the moves it keeps: a move matches when its notation uses
// every selected token, each as often as it is selected. Only a filter: the server alone judges legality.

function tokensOf(move) {
  return move.notation.split(/[\s,]+/).slice(1);
}

export function moveMatches(move, selection) {
  if (!selection.length) return true;
  const available = tokensOf(move);
  for (const wanted of selection) {
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

/** Selects the element `key` (standing for `token`), or clears it when it was selected. */
export function toggleSelected(selection, key, token) {
  const at = selection.findIndex((entry) => entry.key === key);
  if (at >= 0) selection.splice(at, 1);
  else selection.push({ key, token });
}
