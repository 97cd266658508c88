// lib/hook/session.ts
var CONTEXT_RESET_SOURCES = ["startup", "clear", "compact", "new"];
function sessionStarted(_memoryDir, _event) {
}
export {
  CONTEXT_RESET_SOURCES,
  sessionStarted
};
