"""Write services of the back office (HackSoft style: ``<entity>_<action>``, keyword-only).

State transitions live in ``casino.workflow``; these create and edit records.
"""
