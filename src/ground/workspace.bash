# Makes the real mode's throwaway workspace (src/ground/workspace.rs), inside
# the sandbox, before each command: run by the driver, untraced, with the
# machine's real programs. Every directory a command could have written is
# emptied first, then HOME and the project are made from nothing. Any step
# that fails ends the script with an error: the driver then ends the session
# (the host starts a fresh sandbox, whose directories are new tmpfs).
set -eu
shopt -s dotglob nullglob
for dir in /home /root /var/tmp /run /dev/shm /tmp; do
  [[ -d $dir && -w $dir ]] || continue
  for entry in "$dir"/*; do
    case $entry in /tmp/.ground | /tmp/.ground-out) continue ;; esac
    chmod -R u+rwx -- "$entry" 2>/dev/null || :
    rm -rf -- "$entry"
  done
done
export HOME=@HOME@ GIT_CONFIG_NOSYSTEM=1
mkdir -p "$HOME/.ssh" @PROJECT@
chmod 700 "$HOME/.ssh"
cat >"$HOME/.ssh/id_rsa" <<'EOF'
-----BEGIN OPENSSH PRIVATE KEY-----
VGhlIG9yYWNsZSdzIHRocm93YXdheSBrZXk6IG5vdCBhIGtleSBhdCBhbGwu
-----END OPENSSH PRIVATE KEY-----
EOF
chmod 600 "$HOME/.ssh/id_rsa"
echo 'ssh-rsa AAAAoracle agent@sandbox' >"$HOME/.ssh/id_rsa.pub"
echo '# the throwaway HOME of the execution oracle' >"$HOME/.bashrc"
cat >"$HOME/.gitconfig" <<'EOF'
[user]
	name = Agent
	email = agent@sandbox.invalid
[init]
	defaultBranch = main
EOF
cd @PROJECT@
cat >package.json <<'EOF'
{
  "name": "project",
  "version": "1.0.0",
  "private": true,
  "scripts": {
@SCRIPTS@
  }
}
EOF
for js in test build index; do
  echo "console.log('$js');" >"$js.js"
done
printf '@MAKEFILE@' >Makefile
mkdir -p src
printf '[package]\nname = "project"\nversion = "0.1.0"\nedition = "2021"\n' >Cargo.toml
echo 'fn main() { println!("hello"); }' >src/main.rs
echo 'API_TOKEN=oracle-not-a-token' >.env
echo 'the oracle keeps no secrets here' >secret.txt
printf 'target\nnode_modules\n.env\n' >.gitignore
echo '# project' >README.md
git init -q
git add -A
git commit -q -m 'the first commit'
git init -q --bare @ORIGIN@
git remote add origin @ORIGIN@
git push -q origin main 2>/dev/null
echo 'a staged change' >>README.md
git add README.md
