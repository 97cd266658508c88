// The tree paths git refuses to check out (its verify_path), for a merge to leave out: a teammate can push them with
// git's plumbing, and a merge holding one fails every time, so nothing of the owner's would be pushed again. Both
// platform rules count, as git applies them: core.protectNTFS is on everywhere, core.protectHFS on macOS, and a
// store synced from Linux is also merged on a Mac.

/** Code points HFS+ ignores in a name, so `.g\u200cit` is `.git` there (git's next_hfs_char). */
const HFS_IGNORED = /[\u200c-\u200f\u202a-\u202e\u206a-\u206f\ufeff]/g;

/** Why git would refuse to check out `name`, a tree entry of mode `mode` (ls-tree's six digits); undefined when it would not. */
export function gitRefusal(name: string, mode: string): string | undefined {
  const link = mode === "120000";
  for (const part of name.split("/")) {
    if (part === "" || part === "." || part === "..") return `a path component "${part}"`;
    // NTFS also splits at a backslash; git checks each piece.
    for (const piece of part.split("\\")) {
      const ntfs = piece
        .toLowerCase()
        .split(":")[0]!
        .replace(/[. ]+$/, "");
      const hfs = piece.replace(HFS_IGNORED, "").toLowerCase();
      if (ntfs === ".git" || ntfs === "git~1" || hfs === ".git") return `a .git component ("${piece}"), which git never checks out`;
      if (link && (/^(\.gitmodules|gitmod~[1-4]|gi7eba~[1-9])$/.test(ntfs) || hfs === ".gitmodules")) return `a symlinked .gitmodules ("${piece}"), which git never checks out`;
    }
  }
  return undefined;
}
