//! Commands that read, cancel, print a manual or build an image file, taken for the changes their
//! words name elsewhere (`git symbolic-ref HEAD` reads the branch, `shutdown -c` cancels, `--help`
//! of a dangerous subcommand prints, `mkfs` into a regular file of the project formats no disk,
//! keystroke notation in text is text); new files in the system's temporary directory are scratch,
//! everything in it is others' files; a copy to a place on another machine whose host the shell
//! computes changes nothing here.
//! Beside each, the spelling that still changes what it names.

/// (group, expected verdict, command), judged as the rest of the corpus is.
pub(super) const CASES: &[(&str, &str, &str)] = &[
    ("classes-reads-and-scratch", "allow", "git symbolic-ref HEAD"),
    ("classes-reads-and-scratch", "allow", "git symbolic-ref --short -q HEAD"),
    ("classes-reads-and-scratch", "allow", "shutdown -c"),
    ("classes-reads-and-scratch", "allow", "sudo shutdown --cancel"),
    ("classes-reads-and-scratch", "allow", "git push --force --help"),
    ("classes-reads-and-scratch", "allow", "terraform destroy -help"),
    ("classes-reads-and-scratch", "allow", "kubectl delete --help"),
    ("classes-reads-and-scratch", "allow", "helm uninstall --help"),
    ("classes-reads-and-scratch", "allow", "mkfs.ext4 disk.img"),
    ("classes-reads-and-scratch", "allow", "truncate -s 64M fs.img && mkfs.ext4 -F fs.img"),
    ("classes-reads-and-scratch", "allow", "dd if=/dev/zero of=img bs=1M count=8 && mkfs -t vfat img"),
    ("classes-reads-and-scratch", "allow", "echo 'press C-x C-c to quit, C-a d to detach'"),
    ("classes-reads-and-scratch", "allow", "printf 'Keys: M-x, C-c C-c\\n' >> docs/keys.md"),
    ("classes-reads-and-scratch", "allow", "echo x > /tmp/out.txt"),
    ("classes-reads-and-scratch", "allow", "sort data.csv > /tmp/sorted.csv"),
    ("classes-reads-and-scratch", "allow", "ls | xargs -n1 echo > /tmp/list.txt"),
    ("classes-reads-and-scratch", "allow", "scp -rp dist \"root@${IPADDRESS}:www/\""),
    ("classes-reads-and-scratch", "allow", "rsync -az build/ deploy@$HOST:/tmp/app/"),
    ("classes-reads-and-scratch", "confirm", "git symbolic-ref HEAD refs/heads/other"),
    ("classes-reads-and-scratch", "confirm", "git symbolic-ref -d HEAD"),
    ("classes-reads-and-scratch", "confirm", "shutdown -h now"),
    ("classes-reads-and-scratch", "deny", "git push --force -- --help"),
    ("classes-reads-and-scratch", "deny", "mkfs.ext4 /dev/sdb1"),
    ("classes-reads-and-scratch", "deny", "mkfs -t vfat /dev/sdc"),
    ("classes-reads-and-scratch", "confirm", "rm -rf /tmp/*"),
    ("classes-reads-and-scratch", "confirm", "find /tmp -mindepth 1 -delete"),
    ("classes-reads-and-scratch", "confirm", "scp -r dist \"$DEST\""),
];
