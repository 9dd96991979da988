"""Links, room ids and seeds: what the server's secret vouches for.

Every link's token is an HMAC of the room, the seat (or "host") and the seat's generation under
the server's secret; a room id is random bytes and a tag of them under the secret, so that an
id nobody was given is known to name no room without asking the database; a room commits to
its seed from the start by its hash."""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets

TOKEN_BYTES = 24  # 192 bits of HMAC per link token
ID_BYTES, ID_TAG_BYTES = 9, 3  # a room id's random bytes and the tag that vouches for them
ID_LENGTH = 4 * (ID_BYTES + ID_TAG_BYTES) // 3  # characters of a room id
ID_SHAPE = re.compile(r"[A-Za-z0-9_-]+")


def link_token(secret: bytes, room: str, who: str, generation: int) -> str:
    """The token of a link: who is a seat number or "host"."""
    mac = hmac.new(secret, f"{room}\n{who}\n{generation}".encode(), hashlib.sha256)
    return base64.urlsafe_b64encode(mac.digest()[:TOKEN_BYTES]).decode()


def same(token: str, expected: str) -> bool:
    """Whether a token given by a client is the one expected, compared in constant time (as
    bytes: a token of any characters is just a wrong one)."""
    return hmac.compare_digest(token.encode(), expected.encode())


def seed_hash(seed: int) -> str:
    return hashlib.sha256(str(seed).encode()).hexdigest()


def creator_of(secret: bytes, address: str) -> str:
    """Who created a room, as the lanes of bot moves tell creators apart: a digest of their
    address under the server's secret (the address itself is not kept)."""
    return hmac.new(secret, f"creator {address}".encode(), hashlib.sha256).hexdigest()[:32]


def new_room_id(secret: bytes) -> str:
    """A room id: 9 random bytes and a 3-byte tag of them under the server's secret."""
    drawn = secrets.token_bytes(ID_BYTES)
    return base64.urlsafe_b64encode(drawn + _id_tag(secret, drawn)).decode()


def tagged(secret: bytes, room_id: str) -> bool:
    """Whether the id carries its tag under the server's secret: one this server made."""
    if len(room_id) != ID_LENGTH or not ID_SHAPE.fullmatch(room_id):
        return False
    whole = base64.urlsafe_b64decode(room_id)
    return hmac.compare_digest(whole[ID_BYTES:], _id_tag(secret, whole[:ID_BYTES]))


def _id_tag(secret: bytes, drawn: bytes) -> bytes:
    return hmac.new(secret, b"room " + drawn, hashlib.sha256).digest()[:ID_TAG_BYTES]
