// lib/sync/git-names.ts
var HFS_IGNORED = /[\u200c-\u200f\u202a-\u202e\u206a-\u206f\ufeff]/g;
function gitRefusal(name, mode) {
  const link = mode === "120000";
  for (const part of name.split("/")) {
    if (part === "" || part === "." || part === "..") return `a path component "${part}"`;
    for (const piece of part.split("\\")) {
      const ntfs = piece.toLowerCase().split(":")[0].replace(/[. ]+$/, "");
      const hfs = piece.replace(HFS_IGNORED, "").toLowerCase();
      if (ntfs === ".git" || ntfs === "git~1" || hfs === ".git") return `a .git component ("${piece}"), which git never checks out`;
      if (link && (/^(\.gitmodules|gitmod~[1-4]|gi7eba~[1-9])$/.test(ntfs) || hfs === ".gitmodules")) return `a symlinked .gitmodules ("${piece}"), which git never checks out`;
    }
  }
  return void 0;
}
export {
  gitRefusal
};
