"""Bots: `make_agent(name, seed=…, **params)` builds one by name (see `agents.spec`)."""

from __future__ import annotations

from towpath.agents.base import Agent
from towpath.agents.spec import AGENTS, agent_names, make_agent

__all__ = ["AGENTS", "Agent", "agent_names", "make_agent"]
