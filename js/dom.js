// The one DOM helper every part of the board uses to build its elements by hand.

/** A new element with a class name and, when given, its text. */
export function make(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}
