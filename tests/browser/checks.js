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
  // Every text a reader meets: the text of each element shown (and of the board's drawing),
  // the board's help titles, and the title, aria-label and placeholder of each element; not
  // an action's notation (`code`), which is the same in every language.
  texts() {
    const out = [];
    const shown = (node) => node.closest("svg") || node.getClientRects().length;
    for (const node of document.querySelectorAll("body *")) {
      if (!shown(node) || ["SCRIPT", "STYLE", "CODE"].includes(node.tagName)) continue;
      for (const child of node.childNodes) {
        if (child.nodeType === 3 && child.textContent.trim()) out.push(child.textContent.trim());
      }
      for (const name of ["title", "aria-label", "placeholder"]) {
        const value = node.getAttribute(name);
        if (value && value.trim()) out.push(value.trim());
      }
    }
    return out;
  },
})
