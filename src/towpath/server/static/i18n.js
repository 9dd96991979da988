// The page's words in the reader's language (towpath.core.i18n): t("Seat {n}", { n: 2 }) and
// tn("{count} move", "{count} moves", k) look the English words up in the server's German
// catalogue; HTML marks its words with data-t (an element's text) and data-t-title,
// data-t-aria-label, data-t-placeholder (that attribute). The language is the one chosen on
// the page, else the browser's; a cookie tells the server, which makes the board and the log
// in it.
const KEY = "towpath:language";
const SPOKEN = { en: "English", de: "Deutsch" };
const ATTRIBUTES = ["title", "aria-label", "placeholder"];

export const language = chooseLanguage();
const words = language === "en" ? {} : await loadWords(language);

function chooseLanguage() {
  if (typeof document === "undefined") return "en";
  const wished = [localStorage.getItem(KEY), ...(navigator.languages || [navigator.language])];
  const code = wished.map((w) => (w || "").slice(0, 2).toLowerCase()).find((c) => c in SPOKEN) || "en";
  document.cookie = `towpath_language=${code}; path=/; max-age=31536000; samesite=lax`;
  document.documentElement.lang = code;
  return code;
}

async function loadWords(code) {
  try {
    const response = await fetch(`/api/words/${code}`);
    return response.ok ? await response.json() : {};
  } catch {
    return {};  // the page stays readable in English
  }
}

function fill(text, values) {
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

export function t(message, values = {}) {
  const found = words[message];
  return fill(typeof found === "string" ? found : message, values);
}

export function tn(singular, plural, count, values = {}) {
  const found = words[singular];
  const forms = Array.isArray(found) ? found : [singular, plural];
  return fill(forms[count === 1 ? 0 : 1], { count, ...values });
}

// The marked words of the page (or of a part of it just built) in the reader's language.
export function translate(root = document) {
  for (const element of root.querySelectorAll("[data-t]")) {
    element.textContent = t(element.textContent.trim().replace(/\s+/g, " "));
  }
  for (const name of ATTRIBUTES) {
    for (const element of root.querySelectorAll(`[data-t-${name}]`)) {
      element.setAttribute(name, t(element.getAttribute(name).trim().replace(/\s+/g, " ")));
    }
  }
}

// A menu of the languages; choosing one reloads the page in it.
export function languageMenu(select) {
  for (const [code, name] of Object.entries(SPOKEN)) select.add(new Option(name, code, false, code === language));
  select.addEventListener("change", () => {
    localStorage.setItem(KEY, select.value);
    document.cookie = `towpath_language=${select.value}; path=/; max-age=31536000; samesite=lax`;
    location.reload();
  });
}
