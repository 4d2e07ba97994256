// Small DOM helpers shared by the lobby and the table: building elements, and the status line above the page.

export const app = document.getElementById("app");
const statusLine = document.getElementById("status");

/** An element: `on...` attributes that are functions become listeners; false, null and undefined are left out. */
export function h(tag, attributes, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === "") continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Writes the status line; an error is announced at once (role "alert"), anything else politely. */
export function say(message, { isError = false } = {}) {
  statusLine.textContent = message || "";
  statusLine.className = isError ? "error" : "";
  statusLine.setAttribute("role", isError ? "alert" : "status");
}
