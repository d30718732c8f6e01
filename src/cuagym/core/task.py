"""The task's fields beyond the everyday ones: where it came from, its type, its id rules."""

from cuagym.core._task import SourcePass, TaskType, validate_task_id

__all__ = ["SourcePass", "TaskType", "validate_task_id"]
