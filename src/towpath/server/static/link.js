// The room this page shows and the link's tokens. A link carries its tokens in the fragment
// (#seat=…&host=…; the first release's links: #TOKEN), which no server ever sees. The page keeps
// them in this browser and takes them out of the address bar, so that sharing the address shares
// only the spectator's view.

export const roomId = decodeURIComponent(location.pathname.split("/").pop());
export const tokens = takeTokens();
export const headers = tokens.seat ? { "X-Towpath-Token": tokens.seat } : {};

function takeTokens() {
  const key = `towpath:room:${roomId}`;
  const kept = JSON.parse(localStorage.getItem(key) || "{}");
  const fragment = location.hash.slice(1);
  if (fragment) {
    const given = fragment.includes("=") ? Object.fromEntries(new URLSearchParams(fragment)) : { seat: fragment };
    for (const role of ["seat", "host"]) if (given[role]) kept[role] = given[role];
    localStorage.setItem(key, JSON.stringify(kept));
    history.replaceState(null, "", location.pathname);
  }
  return kept;
}

export function forgetSeat() {
  const key = `towpath:room:${roomId}`;
  const kept = JSON.parse(localStorage.getItem(key) || "{}");
  delete kept.seat;
  localStorage.setItem(key, JSON.stringify(kept));
  location.reload();
}

// An invitation is taken once: the server answers it with the seat's own token, which this
// browser keeps instead (the host who handed the invitation out never sees it).
export function keepSeatToken(token) {
  tokens.seat = token;
  headers["X-Towpath-Token"] = token;
  localStorage.setItem(`towpath:room:${roomId}`, JSON.stringify(tokens));
}
