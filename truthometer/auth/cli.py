"""`python -m truthometer users ...`: the users (a file, or a PostgreSQL knowledge base's table) for
teams without an identity provider.

Every change is put in the knowledge base's audit trail, with who made it (``--by``, default: the
operating-system user running the command).
"""
from __future__ import annotations

import getpass
import json
import sys

from ..config import Config
from ..errors import InputError
from .users import ROLES, UserFile


def register(subparsers) -> None:
    users = subparsers.add_parser("users", help="users and roles for signing in to the app (add, remove, role, list)")
    sub = users.add_subparsers(dest="users_command", metavar="ACTION")
    sub.required = True

    def action(name, help_text):
        p = sub.add_parser(name, help=help_text)
        p.add_argument("--users", metavar="FILE", help="users file (default: $TRUTHOMETER_USERS or users.json in the "
                                                       "knowledge base directory)")
        p.add_argument("--kb", metavar="DIR", help="knowledge base directory whose audit trail records the change")
        p.add_argument("--by", default="", help="who makes the change (default: the operating-system user)")
        return p

    p = action("add", "add a user with a password and roles")
    p.add_argument("name")
    p.add_argument("--role", action="append", choices=ROLES, required=True, help="repeat for several roles")
    p.add_argument("--email", default="", help="their e-mail, to match an OpenID Connect sign-in")
    p.add_argument("--password-stdin", action="store_true", help="read the password from standard input's first line")
    p.set_defaults(func=_add)

    p = action("remove", "remove a user")
    p.add_argument("name")
    p.set_defaults(func=_remove)

    p = action("role", "set a user's roles (replaces the ones they had)")
    p.add_argument("name")
    p.add_argument("roles", nargs="+", choices=ROLES)
    p.set_defaults(func=_role)

    p = action("passwd", "set a user's password")
    p.add_argument("name")
    p.add_argument("--password-stdin", action="store_true")
    p.set_defaults(func=_passwd)

    p = action("list", "list users and their roles (never their password hashes)")
    p.set_defaults(func=_list)

    p = action("token", "issue an API token for a user (printed once, stored hashed), list or revoke their tokens")
    p.add_argument("name")
    what = p.add_mutually_exclusive_group()
    what.add_argument("--revoke", metavar="ID", help="revoke the token with this id instead")
    what.add_argument("--list", action="store_true", help="list the user's tokens (ids and dates, never the tokens)")
    p.set_defaults(func=_token)

    p = action("import", "add every user of a users file (e.g. into a PostgreSQL knowledge base's users)")
    p.add_argument("file", metavar="FILE", help="a users.json to copy users from (hashes, roles, e-mails)")
    p.set_defaults(func=_import)


def _config(args) -> Config:
    config = Config()
    if args.kb:
        config = config.with_(kb_dir=args.kb)
    if args.users:
        config = config.with_(users_file=args.users)
    return config


def _file(args) -> UserFile:
    return UserFile.for_config(_config(args))


def _actor(args) -> str:
    if args.by.strip():
        return args.by.strip()
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return "cli"


def _audit(args, action: str, subject: str, old=None, new=None) -> None:
    from ..knowledge.base import open_store

    store = open_store(_config(args).kb_dir)
    try:
        store.record(_actor(args), action, subject, old, new)
    finally:
        store.close()


def _password(args) -> str:
    if args.password_stdin:
        line = sys.stdin.readline()
        if not line:
            raise InputError("no password on standard input")
        return line.rstrip("\r\n")
    if not sys.stdin.isatty():
        raise InputError("no terminal to ask for the password: pass it on standard input with --password-stdin")
    first = getpass.getpass("Password: ")
    if getpass.getpass("Again: ") != first:
        raise InputError("the two passwords differ; nothing was changed")
    return first


def _add(args) -> int:
    user = _file(args).add(args.name, _password(args), args.role, args.email)
    _audit(args, "user add", user.name, None, {"roles": sorted(user.roles), "email": user.email})
    print(f"added {user.name} ({', '.join(sorted(user.roles))})", file=sys.stderr)
    return 0


def _remove(args) -> int:
    user = _file(args).remove(args.name)
    _audit(args, "user remove", user.name, {"roles": sorted(user.roles)}, None)
    print(f"removed {user.name}", file=sys.stderr)
    return 0


def _role(args) -> int:
    before, after = _file(args).set_roles(args.name, args.roles)
    _audit(args, "role change", after.name, {"roles": sorted(before.roles)}, {"roles": sorted(after.roles)})
    print(f"{after.name}: {', '.join(sorted(before.roles)) or 'no roles'} -> {', '.join(sorted(after.roles))}",
          file=sys.stderr)
    return 0


def _passwd(args) -> int:
    _file(args).set_password(args.name, _password(args))
    _audit(args, "password change", args.name)
    print(f"password of {args.name} changed", file=sys.stderr)
    return 0


def _import(args) -> int:
    from pathlib import Path

    source = Path(args.file)
    if not source.is_file():
        raise InputError(f"no users file {source}")
    added = _file(args).import_users(UserFile(source))
    if added:
        _audit(args, "user import", ", ".join(added), None, {"users": added, "from": str(source)})
    print(f"imported {len(added)} user{'' if len(added) == 1 else 's'}" + (f": {', '.join(added)}" if added else ""),
          file=sys.stderr)
    return 0


def _token(args) -> int:
    from . import tokens

    users = _file(args)
    if args.list:
        for info in tokens.tokens_of(users, args.name):
            print(json.dumps({"id": info.id, "user": info.user, "created_at": info.created_at,
                              "revoked_at": info.revoked_at}))
        return 0
    if args.revoke:
        info = tokens.revoke(users, args.revoke, args.name)
        _audit(args, "token revoke", info.user, None, {"token": info.id})
        print(f"revoked token {info.id} of {info.user}", file=sys.stderr)
        return 0
    issued = tokens.issue(users, args.name)
    _audit(args, "token issue", issued.user, None, {"token": issued.id})
    print(f"issued token {issued.id} for {issued.user}; it is shown once, keep it secret", file=sys.stderr)
    print(issued.token)
    return 0


def _list(args) -> int:
    for user in _file(args).list():
        print(json.dumps({"name": user.name, "roles": sorted(user.roles), "email": user.email}, ensure_ascii=False))
    return 0
