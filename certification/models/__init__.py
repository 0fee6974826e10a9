"""Certification records; one module per concern, re-exported here for Django."""
