// What a player's eye checks on a page (tests/browser/table.py runs them in the page).
({
  // Elements sticking out of a screen `width` wide (the board scrolls inside its own box).
  outside(width) {
    const inScroller = (node) => node.parentElement && node.parentElement.closest(".board-scroll");
    const out = [];
    if (document.documentElement.scrollWidth > width) out.push("the page scrolls sideways");
    for (const node of document.querySelectorAll("body *")) {
      const box = node.getBoundingClientRect();
      if (!box.width || inScroller(node)) continue;
      if (box.right > width + 1 || box.left < -1) out.push(`${node.tagName}#${node.id}.${node.className}`);
    }
    return out;
  },
  // Text under 12 px: on the page, and on the board as drawn (its units times its scale).
  smallText() {
    const out = [];
    for (const node of document.querySelectorAll("body *")) {
      if (node.closest("svg") || !node.getClientRects().length) continue;
      const own = [...node.childNodes].some((c) => c.nodeType === 3 && c.textContent.trim());
      const size = parseFloat(getComputedStyle(node).fontSize);
      if (own && size < 12) out.push(`${node.tagName} ${node.textContent.slice(0, 30)} ${size}`);
    }
    for (const text of document.querySelectorAll("#board svg text")) {
      const scale = text.ownerSVGElement.getScreenCTM().a;
      const size = parseFloat(getComputedStyle(text).fontSize) * scale;
      if (text.textContent.trim() && size < 11.9) out.push(`svg ${text.textContent} ${size.toFixed(1)}`);
    }
    return out;
  },
  // Board elements a player meets (pieces, places, whatever may be clicked) with no help: no
  // title of their own and no label.
  unexplained() {
    const out = [];
    for (const node of document.querySelectorAll("#board [data-pick], #board [data-piece], #board [data-place]")) {
      const title = [...node.children].find((child) => child.tagName === "title");
      if (!(title && title.textContent.trim()) && !node.getAttribute("aria-label")) out.push(node.outerHTML.slice(0, 80));
    }
    return out;
  },
})
