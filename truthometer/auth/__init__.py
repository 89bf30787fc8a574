"""Sign-in and roles: who may check, who may curate, who manages users (see users.py)."""
from .passwords import hash_password, verify_password
from .users import ADMIN, CURATOR, EDITOR, ROLES, User, UserFile, local_user

__all__ = ["ADMIN", "CURATOR", "EDITOR", "ROLES", "User", "UserFile", "hash_password", "local_user",
           "verify_password"]
